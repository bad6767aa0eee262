class Cart:
    def __init__(self, owner):
        self.owner = owner
        self.items = {}

    def add(self, name, qty, price):
        if name in self.items:
            old_qty, _ = self.items[name]
            qty += old_qty
        self.items[name] = (qty, price)

    def remove(self, name):
        if name in self.items:
            del self.items[name]

    def total(self):
        return sum(q * p for q, p in self.items.values())


cart = Cart("ana")
cart.add("apple", 3, 0.5)
cart.add("pear", 2, 0.75)
cart.add("apple", 1, 0.5)
cart.remove("plum")
t = cart.total()
print(f"total: {t:.2f}")
print(sorted(cart.items))
