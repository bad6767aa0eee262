def permutations(items):
    if len(items) <= 1:
        return [list(items)]
    result = []
    for i, first in enumerate(items):
        rest = items[:i] + items[i + 1:]
        for perm in permutations(rest):
            result.append([first] + perm)
    return result


def subsets(items):
    if not items:
        yield []
        return
    for sub in subsets(items[1:]):
        yield sub
        yield [items[0]] + sub


print(permutations([1, 2, 3]))
print(["".join(p) for p in permutations("abc")][:4])
print(sorted(subsets(["x", "y", "z"]), key=lambda s: (len(s), s)))
