from dataclasses import dataclass, field


@dataclass
class Item:
    name: str
    price: float
    qty: int = 0


@dataclass
class Inventory:
    items: list = field(default_factory=list)

    def add(self, name, price, qty):
        self.items.append(Item(name, price, qty))

    def value(self):
        return round(sum(i.price * i.qty for i in self.items), 2)

    def low_stock(self, limit):
        return [i.name for i in self.items if i.qty < limit]


inv = Inventory()
inv.add("bolt", 0.1, 120)
inv.add("nut", 0.05, 8)
inv.add("gear", 2.5, 3)
print(inv.value())
print(inv.low_stock(10))
print(inv.items[0])
