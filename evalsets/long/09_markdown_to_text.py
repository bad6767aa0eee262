"""Convert a subset of Markdown to plain text for a terminal.

Supported: ATX headings, paragraphs (re-wrapped), bullet and numbered lists,
block quotes, fenced code blocks, horizontal rules, **bold**, *italic*,
`code`, [links](url) turned into footnotes, and simple pipe tables.
The document is embedded at the bottom of the file.
"""

WIDTH = 60


# ---------------------------------------------------------------------------
# Block parsing
# ---------------------------------------------------------------------------

class Block:
    def __init__(self, kind, lines, level=0):
        self.kind = kind
        self.lines = lines
        self.level = level

    def __repr__(self):
        return f"Block({self.kind}, {len(self.lines)} lines)"


def heading_level(line):
    stripped = line.lstrip()
    level = len(stripped) - len(stripped.lstrip("#"))
    if 1 <= level <= 6 and stripped[level:level + 1] == " ":
        return level
    return 0


def is_rule(line):
    s = line.replace(" ", "")
    return len(s) >= 3 and (set(s) == {"-"} or set(s) == {"*"} or set(s) == {"_"})


def bullet_text(line):
    s = line.lstrip()
    if s[:2] in ("- ", "* ", "+ "):
        return s[2:]
    return None


def numbered_text(line):
    s = line.lstrip()
    digits = ""
    for ch in s:
        if ch.isdigit():
            digits += ch
        else:
            break
    if digits and s[len(digits):len(digits) + 2] == ". ":
        return int(digits), s[len(digits) + 2:]
    return None


def split_blocks(text):
    lines = text.splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.startswith("```"):
            lang = line[3:].strip()
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            blocks.append(Block("code", body, level=0))
            blocks[-1].lang = lang
            i += 1  # closing fence
            continue
        if heading_level(line):
            level = heading_level(line)
            blocks.append(Block("heading", [line.lstrip()[level + 1:].strip()], level))
            i += 1
            continue
        if is_rule(line):
            blocks.append(Block("rule", []))
            i += 1
            continue
        kind = None
        if line.startswith(">"):
            kind = "quote"
        elif bullet_text(line) is not None:
            kind = "bullets"
        elif numbered_text(line) is not None:
            kind = "numbers"
        elif line.lstrip().startswith("|"):
            kind = "table"
        else:
            kind = "para"
        body = []
        while i < len(lines) and lines[i].strip() and same_kind(kind, lines[i]):
            body.append(lines[i])
            i += 1
        blocks.append(Block(kind, body))
    return blocks


def same_kind(kind, line):
    if kind == "quote":
        return line.startswith(">")
    if kind == "bullets":
        return bullet_text(line) is not None or line.startswith("  ")
    if kind == "numbers":
        return numbered_text(line) is not None or line.startswith("   ")
    if kind == "table":
        return line.lstrip().startswith("|")
    # a paragraph ends where another kind of block starts
    return not (heading_level(line) or is_rule(line) or line.startswith((">", "```"))
                or bullet_text(line) is not None or numbered_text(line) is not None)


# ---------------------------------------------------------------------------
# Inline formatting
# ---------------------------------------------------------------------------

class Footnotes:
    def __init__(self):
        self.urls = []

    def add(self, url):
        if url not in self.urls:
            self.urls.append(url)
        return self.urls.index(url) + 1

    def render(self):
        return [f"[{i}] {url}" for i, url in enumerate(self.urls, 1)]

    def __repr__(self):
        return f"Footnotes({len(self.urls)})"


def replace_pairs(text, marker, before, after):
    """Replace marker...marker pairs, leaving an unmatched marker alone."""
    out = []
    rest = text
    while True:
        start = rest.find(marker)
        if start < 0:
            break
        end = rest.find(marker, start + len(marker))
        if end < 0:
            break
        out.append(rest[:start])
        out.append(before + rest[start + len(marker):end] + after)
        rest = rest[end + len(marker):]
    out.append(rest)
    return "".join(out)


def convert_links(text, notes):
    out = ""
    while "[" in text:
        open_b = text.find("[")
        close_b = text.find("](", open_b)
        close_p = text.find(")", close_b + 2) if close_b >= 0 else -1
        if close_b < 0 or close_p < 0:
            break
        label = text[open_b + 1:close_b]
        url = text[close_b + 2:close_p]
        out += text[:open_b] + f"{label}[{notes.add(url)}]"
        text = text[close_p + 1:]
    return out + text


def inline(text, notes):
    # code spans first so their contents are left untouched
    pieces = text.split("`")
    for i in range(0, len(pieces), 2):
        p = convert_links(pieces[i], notes)
        p = replace_pairs(p, "**", "", "")
        p = replace_pairs(p, "*", "_", "_")
        pieces[i] = p
    for i in range(1, len(pieces), 2):
        pieces[i] = "'" + pieces[i] + "'"
    return "".join(pieces)


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

def wrap(text, width, first_prefix="", prefix=""):
    words = text.split()
    lines = []
    current = first_prefix
    has_word = False
    for w in words:
        if has_word and len(current) + 1 + len(w) > width:
            lines.append(current)
            current = prefix + w
        else:
            current += (" " if has_word else "") + w
        has_word = True
    lines.append(current)
    return lines


def render_heading(block):
    title = block.lines[0]
    if block.level == 1:
        return [title.upper(), "=" * len(title)]
    if block.level == 2:
        return [title, "-" * len(title)]
    return [f"{'#' * block.level} {title}"]


def render_table(block, notes):
    rows = []
    for line in block.lines:
        cells = [inline(c.strip(), notes) for c in line.strip().strip("|").split("|")]
        if all(set(c) <= set("-: ") for c in cells):
            continue  # the |---|---| separator row
        rows.append(cells)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for n, row in enumerate(rows):
        out.append("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return out


def render_block(block, notes):
    if block.kind == "heading":
        return render_heading(block)
    if block.kind == "rule":
        return ["-" * WIDTH]
    if block.kind == "code":
        return ["    " + l for l in block.lines]
    if block.kind == "para":
        return wrap(inline(" ".join(l.strip() for l in block.lines), notes), WIDTH)
    if block.kind == "quote":
        text = " ".join(l.lstrip(">").strip() for l in block.lines)
        return wrap(inline(text, notes), WIDTH, "  | ", "  | ")
    if block.kind == "bullets":
        out = []
        for item in group_items(block.lines, bullet_text):
            out += wrap(inline(item, notes), WIDTH, "  * ", "    ")
        return out
    if block.kind == "numbers":
        out = []
        items = group_items(block.lines, lambda l: (numbered_text(l) or (0, None))[1])
        for n, item in enumerate(items, 1):
            out += wrap(inline(item, notes), WIDTH, f"  {n}. ", "     ")
        return out
    if block.kind == "table":
        return render_table(block, notes)
    raise ValueError(f"unknown block {block.kind}")


def group_items(lines, start_text):
    """Join continuation lines onto the list item they belong to."""
    items = []
    for line in lines:
        text = start_text(line)
        if text is not None:
            items.append(text)
        else:
            items[-1] += " " + line.strip()
    return items


def markdown_to_text(md):
    notes = Footnotes()
    out = []
    for block in split_blocks(md):
        if out:
            out.append("")
        out.extend(render_block(block, notes))
    if notes.urls:
        out += ["", "Links:"] + notes.render()
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Document
# ---------------------------------------------------------------------------

DOCUMENT = """\
# Release notes

Version **2.4** brings a faster *startup*, a new `--quiet` flag and
a rewritten configuration loader. See the [changelog](https://example.org/changes)
for the full list, or the [docs](https://example.org/docs).

## Upgrading

1. Back up your `config.toml` file.
2. Install the new version with your package manager; the old
   settings are read automatically.
3. Run `tool check` and read its warnings.

> Note: the **legacy** mode is going away in 3.0. Please
> move to the new loader before then.

## What changed

- Startup is about *twice* as fast on large projects.
- The `--quiet` flag silences progress output.
- Links in messages now point at the [docs](https://example.org/docs).
  Older versions pointed at the wiki.

| option    | default | meaning            |
|-----------|---------|--------------------|
| `--quiet` | off     | no progress output |
| `--jobs`  | 4       | parallel workers   |

```
$ tool check
ok: 12 files, 0 warnings
```

---
Thanks to everyone who reported bugs. Unmatched *stars stay as they are.
"""

blocks = split_blocks(DOCUMENT)
print([b.kind for b in blocks])
print(heading_level("### Three"), heading_level("#nospace"), numbered_text("12. twelve"))
print(replace_pairs("a **b** c **d", "**", "<", ">"))
print(markdown_to_text(DOCUMENT))
