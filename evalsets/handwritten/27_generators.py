def countdown(n):
    while n > 0:
        yield n
        n -= 1


def chunks(seq, size):
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def running_total(numbers):
    total = 0
    for x in numbers:
        total += x
        yield total


def take(gen, n):
    out = []
    for item in gen:
        if len(out) == n:
            break
        out.append(item)
    return out


print(list(countdown(5)))
print(list(chunks("abcdefgh", 3)))
print(list(running_total([3, 1, 4, 1, 5])))
squares = (i * i for i in range(100))
print(take(squares, 4), next(squares))
