raw_contacts = [
    "  Alice.Smith@Example.COM ",
    "bob+newsletter@mail.org",
    "CAROL@example.com",
    "not-an-email",
    "dave@@broken.net",
    "alice.smith@example.com",
]


def clean(address):
    address = address.strip().lower()
    if address.count("@") != 1:
        return None
    user, domain = address.split("@")
    user = user.split("+", 1)[0]
    if not user or "." not in domain:
        return None
    return f"{user}@{domain}"


def dedupe(addresses):
    out = []
    for a in addresses:
        c = clean(a)
        if c and c not in out:
            out.append(c)
    return out


print(dedupe(raw_contacts))
print([a.strip() for a in raw_contacts if clean(a) is None])
print(", ".join(sorted(c.split("@")[1] for c in dedupe(raw_contacts))).upper())
