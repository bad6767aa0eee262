# A tree of nested dicts: each node has a value and a list of children.

tree = {
    "value": 1,
    "children": [
        {"value": 2, "children": [{"value": 4, "children": []}]},
        {"value": 3, "children": [
            {"value": 5, "children": []},
            {"value": 6, "children": [{"value": 7, "children": []}]},
        ]},
    ],
}


def tree_sum(node):
    return node["value"] + sum(tree_sum(c) for c in node["children"])


def height(node):
    if not node["children"]:
        return 1
    return 1 + max(height(c) for c in node["children"])


def leaves(node):
    if not node["children"]:
        return [node["value"]]
    result = []
    for child in node["children"]:
        result += leaves(child)
    return result


def paths(node, prefix=()):
    here = prefix + (node["value"],)
    if not node["children"]:
        yield here
    for child in node["children"]:
        yield from paths(child, here)


print(tree_sum(tree), height(tree), leaves(tree))
print(list(paths(tree)))
