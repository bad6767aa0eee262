# Count words in a paragraph and show the most common ones.

def normalize(word):
    # strip punctuation from both ends and lowercase
    return word.strip('.,;:!?"\'()').lower()


def count_words(text):
    counts = {}
    for raw in text.split():
        word = normalize(raw)
        if not word:
            continue
        counts[word] = counts.get(word, 0) + 1
    return counts


def top_words(counts, n):
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked[:n]


text = """The quick brown fox jumps over the lazy dog. The dog sleeps;
the fox runs away. A fox is quick, a dog is lazy!"""

counts = count_words(text)
print("distinct words:", len(counts))
for word, n in top_words(counts, 4):
    print(f"{word:>6} {n}")
