def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)


def lcm(a, b):
    return abs(a * b) // gcd(a, b)


def lcm_many(*nums):
    result = 1
    for n in nums:
        result = lcm(result, n)
    return result


def simplify(num, den):
    g = gcd(num, den)
    return num // g, den // g


print(gcd(48, 180), lcm(4, 6))
print(lcm_many(2, 3, 4, 5))
print(simplify(42, 56))
