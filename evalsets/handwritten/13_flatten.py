def flatten(nested):
    """Flatten arbitrarily nested lists and tuples into one list."""
    flat = []
    for item in nested:
        if isinstance(item, (list, tuple)):
            flat.extend(flatten(item))
        else:
            flat.append(item)
    return flat


def depth(nested):
    if not isinstance(nested, (list, tuple)):
        return 0
    if not nested:
        return 1
    return 1 + max(depth(x) for x in nested)


data = [1, [2, [3, 4], 5], (6, [7]), [], 8]
print(flatten(data))
print("depth:", depth(data))
print(flatten([["a", "b"], [["c"]]]))
