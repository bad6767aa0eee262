class Vector:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def __mul__(self, k):
        return Vector(self.x * k, self.y * k)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __repr__(self):
        return f"Vector({self.x}, {self.y})"

    def length_sq(self):
        return self.x * self.x + self.y * self.y


a = Vector(1, 2)
b = Vector(3, -1)
c = a + b * 2
print(c, c.length_sq())
print(c == Vector(7, 0))
