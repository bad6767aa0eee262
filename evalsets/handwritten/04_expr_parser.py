# Recursive-descent parser for + - * / and parentheses over integers.

def tokenize(s):
    tokens, i = [], 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            tokens.append(int(s[i:j]))
            i = j
        else:
            tokens.append(c)
            i += 1
    return tokens


def parse_expr(tokens, pos):
    value, pos = parse_term(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ('+', '-'):
        op = tokens[pos]
        rhs, pos = parse_term(tokens, pos + 1)
        value = value + rhs if op == '+' else value - rhs
    return value, pos


def parse_term(tokens, pos):
    value, pos = parse_factor(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ('*', '/'):
        op = tokens[pos]
        rhs, pos = parse_factor(tokens, pos + 1)
        value = value * rhs if op == '*' else value // rhs
    return value, pos


def parse_factor(tokens, pos):
    tok = tokens[pos]
    if tok == '(':
        value, pos = parse_expr(tokens, pos + 1)
        return value, pos + 1  # skip ')'
    if tok == '-':
        value, pos = parse_factor(tokens, pos + 1)
        return -value, pos
    return tok, pos + 1


def evaluate(s):
    value, _ = parse_expr(tokenize(s), 0)
    return value


print(evaluate("2 + 3 * 4"))
print(evaluate("(2 + 3) * 4"))
print(evaluate("-(10 - 4) / 2 + 7"))
