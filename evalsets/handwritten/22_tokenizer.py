KEYWORDS = ("let", "if", "else", "print")


def tokenize(src):
    tokens = []
    i = 0
    while i < len(src):
        ch = src[i]
        if ch in " \t\n":
            i += 1
            continue
        if ch.isalpha() or ch == "_":
            start = i
            while i < len(src) and (src[i].isalnum() or src[i] == "_"):
                i += 1
            word = src[start:i]
            tokens.append(("KW" if word in KEYWORDS else "NAME", word))
        elif ch.isdigit():
            start = i
            while i < len(src) and src[i].isdigit():
                i += 1
            tokens.append(("NUM", src[start:i]))
        elif src.startswith("==", i):
            tokens.append(("OP", "=="))
            i += 2
        else:
            tokens.append(("OP", ch))
            i += 1
    return tokens


for kind, text in tokenize("let x_1 = 42;\nif x_1 == 42 print(x_1)"):
    print(kind, text)
