PAIRS = {")": "(", "]": "[", "}": "{"}


def check_brackets(text):
    """Return None if balanced, otherwise the index of the first problem."""
    stack = []
    for i, ch in enumerate(text):
        if ch in "([{":
            stack.append((ch, i))
        elif ch in PAIRS:
            if not stack or stack[-1][0] != PAIRS[ch]:
                return i
            stack.pop()
    if stack:
        return stack[-1][1]
    return None


samples = ["(a[b]{c})", "f(x[0)]", "((())", "no brackets", "}"]
for s in samples:
    pos = check_brackets(s)
    status = "ok" if pos is None else f"error at {pos}"
    print(f"{s!r:14} {status}")
