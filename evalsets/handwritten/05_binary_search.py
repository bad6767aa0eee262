def binary_search(items, target):
    lo, hi = 0, len(items) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid, steps
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, steps


primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
for t in (2, 19, 37, 20):
    idx, steps = binary_search(primes, t)
    print(f"search {t}: index={idx} after {steps} steps")
