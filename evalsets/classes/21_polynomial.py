class Poly:
    def __init__(self, coeffs):
        self.coeffs = list(coeffs)
        while len(self.coeffs) > 1 and self.coeffs[-1] == 0:
            self.coeffs.pop()

    def __call__(self, x):
        result = 0
        for c in reversed(self.coeffs):
            result = result * x + c
        return result

    def derivative(self):
        return Poly([i * c for i, c in enumerate(self.coeffs)][1:] or [0])

    def degree(self):
        return len(self.coeffs) - 1


p = Poly([1, 0, 3, 0])
dp = p.derivative()
print(p(2), dp(2))
print(p.degree(), dp.coeffs)
