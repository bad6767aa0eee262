"""strutil: assorted string helpers collected over the years.

Each helper is small and independent.  The demo at the end of the file calls
them one after another with fixed inputs and prints what they return.
"""

import unicodedata

# ---------------------------------------------------------------------------
# Case conversion
# ---------------------------------------------------------------------------


def split_words(text):
    """Split camelCase, snake_case, kebab-case and spaced text into words."""
    words = []
    current = ""
    for i, ch in enumerate(text):
        if ch in " _-.":
            if current:
                words.append(current)
            current = ""
            continue
        if ch.isupper() and current:
            prev = text[i - 1]
            nxt = text[i + 1] if i + 1 < len(text) else ""
            # "parseHTTPResponse" -> parse, HTTP, Response
            if prev.islower() or prev.isdigit() or (prev.isupper() and nxt.islower()):
                words.append(current)
                current = ""
        current += ch
    if current:
        words.append(current)
    return words


def to_snake(text):
    return "_".join(w.lower() for w in split_words(text))


def to_camel(text):
    words = split_words(text)
    if not words:
        return ""
    return words[0].lower() + "".join(w.capitalize() for w in words[1:])


def to_kebab(text):
    return "-".join(w.lower() for w in split_words(text))


def to_title(text):
    return " ".join(w.capitalize() for w in split_words(text))


# ---------------------------------------------------------------------------
# Cleaning
# ---------------------------------------------------------------------------


def strip_accents(text):
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def collapse_spaces(text):
    out = []
    last_space = False
    for ch in text:
        if ch.isspace():
            if not last_space:
                out.append(" ")
            last_space = True
        else:
            out.append(ch)
            last_space = False
    return "".join(out).strip()


def remove_chars(text, unwanted):
    table = str.maketrans("", "", unwanted)
    return text.translate(table)


def truncate(text, width, ellipsis="..."):
    if len(text) <= width:
        return text
    cut = text[: width - len(ellipsis)]
    # prefer breaking at a space if there is one near the end
    space = cut.rfind(" ")
    if space > width // 2:
        cut = cut[:space]
    return cut.rstrip() + ellipsis


# ---------------------------------------------------------------------------
# Analysis
# ---------------------------------------------------------------------------


def char_frequencies(text, letters_only=True):
    freq = {}
    for ch in text.lower():
        if letters_only and not ch.isalpha():
            continue
        freq[ch] = freq.get(ch, 0) + 1
    return dict(sorted(freq.items(), key=lambda kv: (-kv[1], kv[0])))


def longest_common_prefix(words):
    if not words:
        return ""
    prefix = words[0]
    for w in words[1:]:
        while not w.startswith(prefix):
            prefix = prefix[:-1]
            if not prefix:
                return ""
    return prefix


def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost))
        prev = cur
    return prev[-1]


def closest_match(word, candidates):
    best, best_dist = None, None
    for c in candidates:
        d = levenshtein(word, c)
        if best_dist is None or d < best_dist:
            best, best_dist = c, d
    return best, best_dist


def is_pangram(text):
    letters = [c for c in text.lower() if "a" <= c <= "z"]
    return len(dict.fromkeys(letters)) == 26


def count_syllables(word):
    word = word.lower().strip(".,!?;:")
    vowels = "aeiouy"
    count = 0
    prev_vowel = False
    for ch in word:
        is_vowel = ch in vowels
        if is_vowel and not prev_vowel:
            count += 1
        prev_vowel = is_vowel
    if word.endswith("e") and count > 1 and not word.endswith("le"):
        count -= 1
    return max(count, 1)


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------


def pad_table(rows, align=None):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    align = align or "l" * len(widths)
    lines = []
    for r in rows:
        cells = []
        for cell, w, a in zip(r, widths, align):
            s = str(cell)
            cells.append(s.rjust(w) if a == "r" else s.center(w) if a == "c" else s.ljust(w))
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def human_size(num_bytes):
    units = ["B", "KB", "MB", "GB", "TB"]
    size = float(num_bytes)
    for unit in units:
        if size < 1024 or unit == units[-1]:
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024


def pluralize(word, count):
    if count == 1:
        return f"1 {word}"
    irregular = {"child": "children", "mouse": "mice", "person": "people"}
    if word in irregular:
        plural = irregular[word]
    elif word.endswith(("s", "x", "ch", "sh")):
        plural = word + "es"
    elif word.endswith("y") and word[-2] not in "aeiou":
        plural = word[:-1] + "ies"
    else:
        plural = word + "s"
    return f"{count} {plural}"


def join_english(items):
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} and {items[1]}"
    return ", ".join(items[:-1]) + f", and {items[-1]}"


# ---------------------------------------------------------------------------
# Encoding helpers
# ---------------------------------------------------------------------------


def rot13(text):
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - 97 + 13) % 26 + 97))
        elif "A" <= ch <= "Z":
            out.append(chr((ord(ch) - 65 + 13) % 26 + 65))
        else:
            out.append(ch)
    return "".join(out)


def to_base(n, base):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = ""
    while n:
        n, r = divmod(n, base)
        out = digits[r] + out
    return sign + out


def hex_dump(data, width=8):
    lines = []
    for offset in range(0, len(data), width):
        chunk = data[offset:offset + width]
        hexes = " ".join(f"{b:02x}" for b in chunk)
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{offset:04x}  {hexes:<{width * 3}} {text}")
    return "\n".join(lines)


def escape_html(text):
    replacements = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")]
    for old, new in replacements:
        text = text.replace(old, new)
    return text


# ---------------------------------------------------------------------------
# Demo
# ---------------------------------------------------------------------------


def demo_case():
    for name in ["parseHTTPResponse", "user_id_list", "Total Amount Due", "max-retry-count"]:
        print(f"{name:<20} snake={to_snake(name):<22} camel={to_camel(name):<18} kebab={to_kebab(name)}")
    print(to_title("getUserName2Fast"))


def demo_cleaning():
    print(strip_accents("Crème brûlée à São Paulo"))
    print(repr(collapse_spaces("  lots   of\t\tspace \n here  ")))
    print(remove_chars("(555) 123-4567", "()- "))
    print(truncate("The quick brown fox jumps over the lazy dog", 20))
    print(truncate("short", 20))


def demo_analysis():
    print(char_frequencies("Mississippi river"))
    print(longest_common_prefix(["interstellar", "internet", "interval"]))
    print(levenshtein("kitten", "sitting"), levenshtein("", "abc"))
    print(closest_match("pyhton", ["python", "typhoon", "pylon", "java"]))
    print(is_pangram("The five boxing wizards jump quickly"), is_pangram("Hello world"))
    print([count_syllables(w) for w in "the table is beautiful and simple".split()])


def demo_formatting():
    rows = [("item", "qty", "price"), ("apples", 12, "3.60"), ("kiwis", 5, "2.25")]
    print(pad_table(rows, align="lrr"))
    print([ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)])
    print([human_size(n) for n in (512, 2048, 5_000_000, 3 * 1024 ** 4)])
    print(pluralize("box", 3), pluralize("city", 2), pluralize("day", 2),
          pluralize("child", 4), pluralize("cat", 1))
    print(join_english(["red", "green", "blue"]), "|", join_english(["tea", "coffee"]))


def demo_encoding():
    secret = rot13("Hello, World!")
    print(secret, rot13(secret))
    print(to_base(255, 2), to_base(255, 16), to_base(-42, 7), to_base(0, 3))
    print(hex_dump(b"Hi!\x00\x01binary\xffdata"))
    print(escape_html('<a href="x">Tom & Jerry</a>'))


demo_case()
demo_cleaning()
demo_analysis()
demo_formatting()
demo_encoding()
