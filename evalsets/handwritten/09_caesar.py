import string

ALPHA = string.ascii_lowercase


def shift_char(c, k):
    if c.lower() not in ALPHA:
        return c
    idx = (ALPHA.index(c.lower()) + k) % 26
    out = ALPHA[idx]
    return out.upper() if c.isupper() else out


def caesar(text, k):
    return "".join(shift_char(c, k) for c in text)


secret = caesar("Attack at Dawn!", 3)
print(secret)
print(caesar(secret, -3))
print(caesar("xyz", 4))
