_cache = {0: 0, 1: 1}


def fib(n):
    if n in _cache:
        return _cache[n]
    result = fib(n - 1) + fib(n - 2)
    _cache[n] = result
    return result


def fib_iter(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


print(fib(10))
print(fib(30), fib_iter(30))
print(len(_cache))
print([fib(i) for i in range(8)])
