# expect: error
# Polynomials as coefficient lists; a misspelled method name crashes at the end.

class Poly:
    def __init__(self, coeffs):
        self.coeffs = coeffs  # coeffs[i] is the coefficient of x**i

    def __call__(self, x):
        result = 0
        for c in reversed(self.coeffs):
            result = result * x + c
        return result

    def derivative(self):
        return Poly([i * c for i, c in enumerate(self.coeffs)][1:])

    def __repr__(self):
        terms = [f"{c}x^{i}" for i, c in enumerate(self.coeffs) if c]
        return " + ".join(reversed(terms)) or "0"


p = Poly([1, -3, 0, 2])
print(p, "| p(2) =", p(2))
d = p.derivative()
print(d, "| p'(2) =", d(2))
print(d.derivitive())
