PRICES = {"apple": 0.4, "bread": 2.2, "milk": 1.1, "cheese": 4.75, "eggs": 0.25}


def parse_line(line):
    parts = line.split()
    if len(parts) == 1:
        return parts[0], 1
    return parts[1], int(parts[0])


def receipt(cart):
    lines, total, missing = [], 0.0, []
    for item, qty in cart.items():
        if item not in PRICES:
            missing.append(item)
            continue
        cost = PRICES[item] * qty
        total += cost
        lines.append(f"{qty:>3} x {item:<8}{cost:>7.2f}")
    lines.append(f"{'TOTAL':>14}{total:>7.2f}")
    return lines, missing


cart = {}
for _ in range(int(input("how many lines? "))):
    item, qty = parse_line(input().strip().lower())
    cart[item] = cart.get(item, 0) + qty

lines, missing = receipt(cart)
print()
print("\n".join(lines))
if missing:
    print("not in stock:", ", ".join(missing))
