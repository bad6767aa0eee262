def transpose(matrix):
    if not matrix:
        return []
    rows, cols = len(matrix), len(matrix[0])
    result = [[None] * rows for _ in range(cols)]
    for r in range(rows):
        for c in range(cols):
            result[c][r] = matrix[r][c]
    return result


def show(matrix):
    for row in matrix:
        print(" ".join(str(x).rjust(3) for x in row))


m = [[1, 2, 3], [4, 5, 6]]
t = transpose(m)
show(t)
print(t == [list(col) for col in zip(*m)])
print(transpose([]))
