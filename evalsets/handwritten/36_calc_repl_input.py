# A small reverse-polish calculator reading one expression per line.

OPS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
}


def rpn(expr):
    stack = []
    for tok in expr.split():
        if tok in OPS:
            if len(stack) < 2:
                raise ValueError("not enough operands")
            b, a = stack.pop(), stack.pop()
            stack.append(OPS[tok](a, b))
        else:
            stack.append(float(tok))
    if len(stack) != 1:
        raise ValueError(f"leftover stack {stack}")
    return stack[0]


count = 0
while True:
    try:
        line = input()
    except EOFError:
        break
    count += 1
    try:
        print(f"[{count}] {rpn(line):g}")
    except (ValueError, ZeroDivisionError) as err:
        print(f"[{count}] error: {err}")
print(count, "lines read")
