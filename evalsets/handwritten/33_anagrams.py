def signature(word):
    return "".join(sorted(word.lower()))


def group_anagrams(words):
    groups = {}
    for w in words:
        groups.setdefault(signature(w), []).append(w)
    return [sorted(g) for g in groups.values() if len(g) > 1]


def is_palindrome(phrase):
    letters = [c.lower() for c in phrase if c.isalpha()]
    return letters == letters[::-1]


words = ["listen", "silent", "enlist", "google", "banana", "inlets", "gogole", "cat"]
print(group_anagrams(words))
for p in ["A man, a plan, a canal: Panama", "Hello", "Was it a car or a cat I saw?"]:
    print(is_palindrome(p), p)
