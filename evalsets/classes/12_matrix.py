class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]

    def shape(self):
        return len(self.rows), len(self.rows[0])

    def transpose(self):
        return Matrix(zip(*self.rows))

    def __matmul__(self, other):
        cols = other.transpose().rows
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])

    def __repr__(self):
        return f"Matrix({self.rows})"


a = Matrix([[1, 2], [3, 4]])
b = Matrix([[0, 1], [1, 0]])
c = a @ b
print(c)
print(c.shape(), a.transpose())
