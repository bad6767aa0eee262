class Item:
    def __init__(self, name, price, qty):
        self.name = name
        self.price = price
        self.qty = qty

    def __repr__(self):
        return f"Item({self.name!r}, {self.price}, {self.qty})"


class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, price, qty=1):
        if name in self.items:
            self.items[name].qty += qty
        else:
            self.items[name] = Item(name, price, qty)

    def remove(self, name, qty):
        item = self.items.get(name)
        if item is None or item.qty < qty:
            return False
        item.qty -= qty
        if item.qty == 0:
            del self.items[name]
        return True

    def total_value(self):
        return sum(i.price * i.qty for i in self.items.values())

    def __repr__(self):
        return f"Inventory({len(self.items)} items)"


inv = Inventory()
inv.add("hammer", 12.5, 3)
inv.add("nails", 0.05, 200)
inv.add("hammer", 12.5, 1)
print(inv.remove("nails", 50))
print(inv.remove("saw", 1))
print(inv.remove("hammer", 4))
print(sorted(inv.items))
print(round(inv.total_value(), 2))
