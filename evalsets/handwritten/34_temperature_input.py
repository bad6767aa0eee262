# Convert temperatures typed by the user, one per line, until "done".

def to_celsius(f):
    return (f - 32) * 5 / 9


def to_fahrenheit(c):
    return c * 9 / 5 + 32


def convert(entry):
    entry = entry.strip().upper()
    number, unit = float(entry[:-1]), entry[-1]
    if unit == "F":
        return f"{number:g}F = {to_celsius(number):.1f}C"
    if unit == "C":
        return f"{number:g}C = {to_fahrenheit(number):.1f}F"
    return f"unknown unit {unit!r}"


while True:
    line = input("temperature> ")
    if line.strip().lower() == "done":
        break
    print(convert(line))
print("bye")
