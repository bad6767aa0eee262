def safe_ratio(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return float("inf") if a > 0 else 0.0


def parse_ints(values):
    good, bad = [], []
    for v in values:
        try:
            good.append(int(v))
        except ValueError:
            bad.append(v)
        finally:
            pass
    return good, bad


def average(values):
    try:
        result = sum(values) / len(values)
    except ZeroDivisionError:
        print("  (empty list, returning None)")
        return None
    else:
        return round(result, 3)


print(safe_ratio(7, 2), safe_ratio(3, 0), safe_ratio(0, 0))
nums, rejects = parse_ints(["12", "x", "-4", "3.5", "100"])
print(nums, rejects)
print(average(nums))
print(average([]))
