class Shape:
    def __init__(self, name):
        self.name = name

    def area(self):
        return 0

    def describe(self):
        return f"{self.name} with area {self.area()}"


class Rect(Shape):
    def __init__(self, w, h):
        super().__init__("rect")
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h


class Square(Rect):
    def __init__(self, side):
        super().__init__(side, side)
        self.name = "square"


shapes = [Rect(2, 3), Square(4), Shape("dot")]
areas = [s.area() for s in shapes]
for s in shapes:
    print(s.describe())
print(max(areas))
