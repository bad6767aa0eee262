scores = {"ana": [90, 85, 77], "bo": [60, 72], "cy": [88, 95, 91, 70]}

averages = {name: sum(s) / len(s) for name, s in scores.items()}
passed = [name for name, avg in averages.items() if avg >= 75]
grid = [[r * c for c in range(1, 5)] for r in range(1, 4)]
evens_squared = [n ** 2 for n in range(12) if n % 2 == 0]
letters = {ch: "word".count(ch) for ch in "word"}
pairs = [(x, y) for x in range(3) for y in range(3) if x < y]


def best_score(name):
    return max(scores[name])


best = {n: best_score(n) for n in sorted(scores)}

print(averages)
print(passed)
print(grid)
print(evens_squared)
print(letters, pairs)
print(best)
