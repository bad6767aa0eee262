def collatz_length(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def longest_under(limit):
    best_n, best_len = 1, 0
    n = 1
    while n < limit:
        length = collatz_length(n)
        if length > best_len:
            best_n, best_len = n, length
        n += 1
    return best_n, best_len


print(collatz_length(6), collatz_length(27))
print(longest_under(30))
