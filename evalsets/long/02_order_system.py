"""Orders, stock and invoices for a small online shop.

Products live in a catalog, stock is tracked per warehouse, customers place
orders, and the order processor reserves stock, applies discounts and tax,
and produces invoices.  All data is in memory; the demo at the bottom places
a fixed series of orders.
"""

from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")


def money(value):
    """Round a Decimal (or str/int) to whole cents."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


# ---------------------------------------------------------------------------
# Catalog
# ---------------------------------------------------------------------------

class Product:
    def __init__(self, sku, name, price, category, weight_kg):
        self.sku = sku
        self.name = name
        self.price = money(price)
        self.category = category
        self.weight_kg = weight_kg

    def __repr__(self):
        return f"Product({self.sku}, {self.price})"


class Catalog:
    def __init__(self):
        self._products = {}

    def add(self, product):
        if product.sku in self._products:
            raise ValueError(f"duplicate sku {product.sku}")
        self._products[product.sku] = product

    def get(self, sku):
        try:
            return self._products[sku]
        except KeyError:
            raise KeyError(f"unknown sku {sku}") from None

    def by_category(self, category):
        return sorted((p for p in self._products.values() if p.category == category),
                      key=lambda p: p.sku)

    def __len__(self):
        return len(self._products)

    def __repr__(self):
        return f"Catalog({len(self)} products)"


# ---------------------------------------------------------------------------
# Stock
# ---------------------------------------------------------------------------

class OutOfStock(Exception):
    def __init__(self, sku, wanted, available):
        super().__init__(f"{sku}: wanted {wanted}, only {available} available")
        self.sku = sku
        self.wanted = wanted
        self.available = available


class Warehouse:
    def __init__(self, code):
        self.code = code
        self.on_hand = {}
        self.reserved = {}

    def receive(self, sku, qty):
        self.on_hand[sku] = self.on_hand.get(sku, 0) + qty

    def available(self, sku):
        return self.on_hand.get(sku, 0) - self.reserved.get(sku, 0)

    def reserve(self, sku, qty):
        free = self.available(sku)
        if qty > free:
            raise OutOfStock(sku, qty, free)
        self.reserved[sku] = self.reserved.get(sku, 0) + qty

    def release(self, sku, qty):
        self.reserved[sku] -= qty

    def ship(self, sku, qty):
        self.reserved[sku] -= qty
        self.on_hand[sku] -= qty

    def __repr__(self):
        return f"Warehouse({self.code})"


class StockManager:
    """Spreads a request over warehouses, first one in the list first."""

    def __init__(self, warehouses):
        self.warehouses = warehouses

    def total_available(self, sku):
        return sum(w.available(sku) for w in self.warehouses)

    def reserve(self, sku, qty):
        if self.total_available(sku) < qty:
            raise OutOfStock(sku, qty, self.total_available(sku))
        plan = []
        remaining = qty
        for w in self.warehouses:
            take = min(remaining, w.available(sku))
            if take > 0:
                w.reserve(sku, take)
                plan.append((w.code, take))
                remaining -= take
            if remaining == 0:
                break
        return plan

    def release(self, sku, plan):
        codes = {w.code: w for w in self.warehouses}
        for code, qty in plan:
            codes[code].release(sku, qty)

    def ship(self, sku, plan):
        codes = {w.code: w for w in self.warehouses}
        for code, qty in plan:
            codes[code].ship(sku, qty)

    def report(self, skus):
        rows = []
        for sku in skus:
            per = [f"{w.code}={w.on_hand.get(sku, 0)}/{w.reserved.get(sku, 0)}" for w in self.warehouses]
            rows.append(f"{sku:<8}" + "  ".join(per))
        return "\n".join(rows)

    def __repr__(self):
        return f"StockManager({[w.code for w in self.warehouses]})"


# ---------------------------------------------------------------------------
# Customers and orders
# ---------------------------------------------------------------------------

class Customer:
    def __init__(self, cid, name, region, member=False):
        self.cid = cid
        self.name = name
        self.region = region
        self.member = member
        self.orders = []

    def __repr__(self):
        return f"Customer({self.cid}, {self.name!r})"


class OrderLine:
    def __init__(self, product, qty):
        self.product = product
        self.qty = qty
        self.plan = []

    @property
    def subtotal(self):
        return money(self.product.price * self.qty)

    def __repr__(self):
        return f"OrderLine({self.product.sku} x{self.qty})"


class Order:
    _next_id = 1000

    def __init__(self, customer):
        Order._next_id += 1
        self.order_id = Order._next_id
        self.customer = customer
        self.lines = []
        self.status = "new"
        self.discount = money(0)
        self.tax = money(0)
        self.shipping = money(0)

    def add_line(self, product, qty):
        for line in self.lines:
            if line.product.sku == product.sku:
                line.qty += qty
                return line
        line = OrderLine(product, qty)
        self.lines.append(line)
        return line

    @property
    def subtotal(self):
        return sum((l.subtotal for l in self.lines), money(0))

    @property
    def weight(self):
        return sum(l.product.weight_kg * l.qty for l in self.lines)

    @property
    def total(self):
        return self.subtotal - self.discount + self.tax + self.shipping

    def __repr__(self):
        return f"Order({self.order_id}, {self.status}, {len(self.lines)} lines)"


# ---------------------------------------------------------------------------
# Pricing rules
# ---------------------------------------------------------------------------

TAX_RATES = {"north": Decimal("0.20"), "south": Decimal("0.17"), "islands": Decimal("0.05")}


def member_discount(order):
    if order.customer.member:
        return money(order.subtotal * Decimal("0.10"))
    return money(0)


def bulk_discount(order):
    # 5% off any line with ten or more units
    total = money(0)
    for line in order.lines:
        if line.qty >= 10:
            total += money(line.subtotal * Decimal("0.05"))
    return total


def shipping_cost(order):
    if order.subtotal >= 100:
        return money(0)
    base = Decimal("4.99")
    extra = Decimal("1.50") * max(0, int(order.weight) - 2)
    return money(base + extra)


def price_order(order):
    order.discount = max(member_discount(order), bulk_discount(order))
    taxable = order.subtotal - order.discount
    order.tax = money(taxable * TAX_RATES[order.customer.region])
    order.shipping = shipping_cost(order)
    return order.total


# ---------------------------------------------------------------------------
# Processing
# ---------------------------------------------------------------------------

class OrderProcessor:
    def __init__(self, catalog, stock):
        self.catalog = catalog
        self.stock = stock
        self.processed = []
        self.rejected = []

    def place(self, customer, items):
        order = Order(customer)
        for sku, qty in items:
            order.add_line(self.catalog.get(sku), qty)
        reserved = []
        try:
            for line in order.lines:
                line.plan = self.stock.reserve(line.product.sku, line.qty)
                reserved.append(line)
        except OutOfStock as exc:
            for line in reserved:
                self.stock.release(line.product.sku, line.plan)
            order.status = "rejected"
            self.rejected.append((order.order_id, str(exc)))
            return order
        price_order(order)
        order.status = "reserved"
        customer.orders.append(order)
        return order

    def ship(self, order):
        if order.status != "reserved":
            return False
        for line in order.lines:
            self.stock.ship(line.product.sku, line.plan)
        order.status = "shipped"
        self.processed.append(order)
        return True

    def cancel(self, order):
        if order.status != "reserved":
            return False
        for line in order.lines:
            self.stock.release(line.product.sku, line.plan)
        order.status = "cancelled"
        return True

    def __repr__(self):
        return f"OrderProcessor({len(self.processed)} shipped, {len(self.rejected)} rejected)"


def invoice(order):
    out = [f"INVOICE #{order.order_id}  {order.customer.name} ({order.customer.region})"]
    for line in order.lines:
        out.append(f"  {line.qty:>3} x {line.product.name:<18}{line.subtotal:>9}")
    out.append(f"  {'subtotal':<24}{order.subtotal:>9}")
    if order.discount:
        out.append(f"  {'discount':<24}{-order.discount:>9}")
    out.append(f"  {'tax':<24}{order.tax:>9}")
    out.append(f"  {'shipping':<24}{order.shipping:>9}")
    out.append(f"  {'TOTAL':<24}{order.total:>9}")
    return "\n".join(out)


def revenue_by_customer(customers):
    result = {}
    for c in customers:
        shipped = [o for o in c.orders if o.status == "shipped"]
        result[c.name] = sum((o.total for o in shipped), money(0))
    return result


# ---------------------------------------------------------------------------
# Demo
# ---------------------------------------------------------------------------

catalog = Catalog()
catalog.add(Product("TEA-01", "Green tea 100g", "6.50", "drinks", 0.1))
catalog.add(Product("TEA-02", "Black tea 250g", "8.90", "drinks", 0.25))
catalog.add(Product("MUG-01", "Stoneware mug", "12.00", "kitchen", 0.4))
catalog.add(Product("KET-01", "Kettle 1.7l", "39.95", "kitchen", 1.2))
catalog.add(Product("BIS-01", "Oat biscuits", "2.35", "food", 0.3))

main_wh = Warehouse("MAIN")
side_wh = Warehouse("SIDE")
for sku, qty in [("TEA-01", 30), ("TEA-02", 5), ("MUG-01", 8), ("KET-01", 2), ("BIS-01", 40)]:
    main_wh.receive(sku, qty)
side_wh.receive("TEA-02", 10)
side_wh.receive("KET-01", 1)

stock = StockManager([main_wh, side_wh])
shop = OrderProcessor(catalog, stock)

ada = Customer(1, "Ada", "north", member=True)
bram = Customer(2, "Bram", "south")
chen = Customer(3, "Chen", "islands")

o1 = shop.place(ada, [("TEA-01", 2), ("MUG-01", 2)])
o2 = shop.place(bram, [("BIS-01", 12), ("TEA-02", 8)])
o3 = shop.place(chen, [("KET-01", 4)])
o4 = shop.place(chen, [("KET-01", 3), ("TEA-01", 1), ("TEA-01", 1)])
o5 = shop.place(ada, [("BIS-01", 1)])

for o in (o1, o2, o3, o4, o5):
    print(o, o.total if o.status != "rejected" else "-")

print(shop.ship(o1), shop.ship(o2), shop.ship(o3), shop.cancel(o5), shop.ship(o4))
print()
print(invoice(o2))
print()
print(invoice(o4))
print()
print(stock.report(["TEA-01", "TEA-02", "KET-01", "BIS-01"]))
print("rejected:", shop.rejected)
print(revenue_by_customer([ada, bram, chen]))
print([p.name for p in catalog.by_category("kitchen")], catalog)
