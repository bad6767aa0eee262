def matmul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    if len(a[0]) != m:
        raise ValueError(f"shapes {n}x{len(a[0])} and {m}x{p} do not match")
    return [[sum(a[i][k] * b[k][j] for k in range(m)) for j in range(p)] for i in range(n)]


def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def mat_pow(m, e):
    result = identity(len(m))
    while e:
        if e & 1:
            result = matmul(result, m)
        m = matmul(m, m)
        e >>= 1
    return result


print(matmul([[1, 2], [3, 4]], [[5, 6], [7, 8]]))
print(mat_pow([[1, 1], [1, 0]], 10))
try:
    matmul([[1, 2, 3]], [[1, 2]])
except ValueError as e:
    print("error:", e)
