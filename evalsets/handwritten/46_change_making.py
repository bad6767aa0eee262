def min_coins(amount, coins):
    """Dynamic programming: fewest coins that sum to amount, or -1."""
    INF = amount + 1
    best = [0] + [INF] * amount
    for value in range(1, amount + 1):
        for c in coins:
            if c <= value and best[value - c] + 1 < best[value]:
                best[value] = best[value - c] + 1
    return best[amount] if best[amount] != INF else -1


def greedy_coins(amount, coins):
    used = {}
    for c in sorted(coins, reverse=True):
        used[c], amount = divmod(amount, c)
    return {c: n for c, n in used.items() if n}, amount


print(min_coins(11, [1, 2, 5]))
print(min_coins(6, [1, 3, 4]), greedy_coins(6, [1, 3, 4]))
print(min_coins(7, [2, 4]))
