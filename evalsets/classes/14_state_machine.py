class TrafficLight:
    ORDER = ["green", "yellow", "red"]

    def __init__(self):
        self.state = "red"
        self.changes = 0

    def next(self):
        i = self.ORDER.index(self.state)
        self.state = self.ORDER[(i + 1) % len(self.ORDER)]
        self.changes += 1
        return self.state


light = TrafficLight()
seen = [light.next() for _ in range(4)]
print(seen)
print(light.state, light.changes)
