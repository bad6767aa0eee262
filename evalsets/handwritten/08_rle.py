def rle_encode(s):
    if not s:
        return ""
    parts = []
    prev, run = s[0], 1
    for ch in s[1:]:
        if ch == prev:
            run += 1
        else:
            parts.append(f"{run}{prev}")
            prev, run = ch, 1
    parts.append(f"{run}{prev}")
    return "".join(parts)


def rle_decode(code):
    out = []
    num = ""
    for ch in code:
        if ch.isdigit():
            num += ch
        else:
            out.append(ch * int(num))
            num = ""
    return "".join(out)


for word in ["aaabccdddd", "abc", "wwwwwwwwwwwwb"]:
    enc = rle_encode(word)
    print(word, "->", enc, "->", rle_decode(enc))
