class WordCounter:
    def __init__(self):
        self.counts = {}
        self.total = 0

    def feed(self, text):
        for word in text.lower().split():
            word = word.strip(".,!?")
            if word:
                self.counts[word] = self.counts.get(word, 0) + 1
                self.total += 1

    def most_common(self, n):
        ranked = sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return ranked[:n]

    def __getitem__(self, word):
        return self.counts.get(word, 0)


wc = WordCounter()
wc.feed("The cat saw the dog.")
wc.feed("The dog ran!")
print(wc.most_common(2))
print(wc["dog"], wc["bird"], wc.total)
