import csv
import io

SALES = """region,month,units,price
north,jan,120,2.50
south,jan,80,2.75
north,feb,95,2.50
east,feb,40,3.10
south,feb,130,2.75
"""


def load(text):
    reader = csv.DictReader(io.StringIO(text))
    rows = []
    for row in reader:
        row["units"] = int(row["units"])
        row["price"] = float(row["price"])
        rows.append(row)
    return rows


def revenue_by(rows, key):
    totals = {}
    for r in rows:
        totals[r[key]] = totals.get(r[key], 0) + r["units"] * r["price"]
    return dict(sorted(totals.items()))


rows = load(SALES)
print(len(rows), rows[0])
print(revenue_by(rows, "region"))
print(revenue_by(rows, "month"))
