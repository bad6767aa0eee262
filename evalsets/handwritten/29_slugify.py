def slugify(title):
    cleaned = "".join(c if c.isalnum() or c == " " else " " for c in title.lower())
    return "-".join(cleaned.split())


def title_case(s):
    small = ("a", "an", "the", "of", "and", "in")
    words = s.strip().lower().split()
    out = [w if (i > 0 and w in small) else w.capitalize() for i, w in enumerate(words)]
    return " ".join(out)


def initials(name):
    return ".".join(part[0].upper() for part in name.replace("-", " ").split()) + "."


headline = "  the LORD of the rings: Return of the King!  "
print(title_case(headline))
print(slugify(headline))
print(initials("jean-luc picard"))
print("  padded  ".strip().center(12, "*").replace("*", "-"))
