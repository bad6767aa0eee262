import functools


def counted(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return func(*args, **kwargs)
    wrapper.calls = 0
    return wrapper


@counted
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


class Timer:
    """Context manager that counts 'ticks' instead of measuring real time."""

    def __init__(self, label):
        self.label = label
        self.ticks = 0

    def __enter__(self):
        print("start", self.label)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("end", self.label, "after", self.ticks, "ticks")
        return False

    def __repr__(self):
        return f"Timer({self.label!r}, ticks={self.ticks})"


with Timer("ackermann") as t:
    for args in [(1, 2), (2, 2)]:
        print(args, ackermann(*args))
        t.ticks += 1
print(ackermann.__name__, ackermann.calls)
