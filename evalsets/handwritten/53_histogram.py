def histogram(values, bins, lo, hi):
    counts = [0] * bins
    width = (hi - lo) / bins
    for v in values:
        idx = int((v - lo) / width)
        if idx == bins:          # v == hi goes in the last bin
            idx -= 1
        if 0 <= idx < bins:
            counts[idx] += 1
    return counts


def draw(counts, lo, width):
    for i, c in enumerate(counts):
        start = lo + i * width
        print(f"{start:5.1f}-{start + width:<5.1f}| {'#' * c}")


heights = [152.0, 160.5, 171.2, 168.0, 175.5, 180.1, 158.3, 166.6, 190.0, 163.4]
counts = histogram(heights, 4, 150, 190)
draw(counts, 150, 10)
print(counts, sum(counts))
