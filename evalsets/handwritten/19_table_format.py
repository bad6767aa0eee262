def format_table(headers, rows):
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(str(cell)))
    sep = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    lines = [sep]
    lines.append("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |")
    lines.append(sep)
    for row in rows:
        cells = []
        for cell, w in zip(row, widths):
            text = str(cell)
            cells.append(text.rjust(w) if isinstance(cell, (int, float)) else text.ljust(w))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append(sep)
    return "\n".join(lines)


print(format_table(["city", "pop (k)", "area"],
                   [["Lisbon", 545, 100.05], ["Porto", 232, 41.42], ["Braga", 193, 183.4]]))
