class Countdown:
    def __init__(self, start, step=1):
        self.current = start
        self.step = step

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        value = self.current
        self.current -= self.step
        return value


values = list(Countdown(7, 2))
print(values)
total = 0
for v in Countdown(3):
    total += v * v
print(total)
