def pascal(rows):
    triangle = [[1]]
    for _ in range(rows - 1):
        prev = triangle[-1]
        row = [1] + [prev[i] + prev[i + 1] for i in range(len(prev) - 1)] + [1]
        triangle.append(row)
    return triangle


def render(triangle):
    width = len(" ".join(map(str, triangle[-1])))
    return "\n".join(" ".join(map(str, row)).center(width) for row in triangle)


t = pascal(6)
print(render(t))
print(sum(t[-1]), t[4][2])
