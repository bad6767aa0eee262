from math import gcd


class Frac:
    def __init__(self, num, den):
        g = gcd(num, den)
        self.num = num // g
        self.den = den // g

    def __add__(self, other):
        return Frac(self.num * other.den + other.num * self.den, self.den * other.den)

    def __lt__(self, other):
        return self.num * other.den < other.num * self.den

    def __repr__(self):
        return f"{self.num}/{self.den}"


parts = [Frac(1, 2), Frac(1, 3), Frac(3, 4)]
total = Frac(0, 1)
for p in parts:
    total = total + p
print(total)
print(sorted(parts), min(parts))
