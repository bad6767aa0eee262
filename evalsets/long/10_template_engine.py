"""A tiny template engine, written without the re module.

Syntax:
    {{ name }}            value lookup, with dotted paths: {{ user.name }}
    {{ name | filter }}   filters: upper, lower, title, length, default:x, join:sep
    {% if cond %} ... {% else %} ... {% endif %}
    {% for x in items %} ... {% endfor %}   (loop.index is available)
    {# comment #}

Templates are compiled to a small tree of nodes once, then rendered against
a context dict.
"""


class TemplateError(Exception):
    pass


# ---------------------------------------------------------------------------
# Lexer: split the source into text, variable, tag and comment pieces
# ---------------------------------------------------------------------------

OPENERS = {"{{": ("var", "}}"), "{%": ("tag", "%}"), "{#": ("comment", "#}")}


def lex(source):
    pieces = []
    pos = 0
    while pos < len(source):
        start = source.find("{", pos)
        while start >= 0 and source[start:start + 2] not in OPENERS:
            start = source.find("{", start + 1)
        if start < 0:
            pieces.append(("text", source[pos:]))
            break
        if start > pos:
            pieces.append(("text", source[pos:start]))
        kind, closer = OPENERS[source[start:start + 2]]
        end = source.find(closer, start + 2)
        if end < 0:
            line = source.count("\n", 0, start) + 1
            raise TemplateError(f"unclosed {source[start:start + 2]} on line {line}")
        if kind != "comment":
            pieces.append((kind, source[start + 2:end].strip()))
        pos = end + 2
    return pieces


# ---------------------------------------------------------------------------
# Nodes
# ---------------------------------------------------------------------------

class Text:
    def __init__(self, text):
        self.text = text

    def render(self, ctx, out):
        out.append(self.text)

    def __repr__(self):
        return f"Text({self.text!r})"


class Var:
    def __init__(self, expr):
        parts = [p.strip() for p in expr.split("|")]
        self.path = parts[0]
        self.filters = parts[1:]

    def render(self, ctx, out):
        value = lookup(ctx, self.path)
        for f in self.filters:
            value = apply_filter(f, value)
        out.append("" if value is None else str(value))

    def __repr__(self):
        return f"Var({self.path}, {self.filters})"


class If:
    def __init__(self, condition):
        self.condition = condition
        self.body = []
        self.orelse = []

    def render(self, ctx, out):
        branch = self.body if evaluate_condition(self.condition, ctx) else self.orelse
        for node in branch:
            node.render(ctx, out)

    def __repr__(self):
        return f"If({self.condition!r}, {len(self.body)}, {len(self.orelse)})"


class For:
    def __init__(self, target, iterable):
        self.target = target
        self.iterable = iterable
        self.body = []
        self.empty = []

    def render(self, ctx, out):
        items = lookup(ctx, self.iterable) or []
        if not items:
            for node in self.empty:
                node.render(ctx, out)
            return
        for i, item in enumerate(items):
            inner = dict(ctx)
            inner[self.target] = item
            inner["loop"] = {"index": i + 1, "first": i == 0, "last": i == len(items) - 1}
            for node in self.body:
                node.render(inner, out)

    def __repr__(self):
        return f"For({self.target} in {self.iterable}, {len(self.body)})"


# ---------------------------------------------------------------------------
# Parser: pieces -> node tree
# ---------------------------------------------------------------------------

def parse(pieces):
    root = []
    stack = [("root", None, root)]  # (kind, node, list being filled)
    for kind, content in pieces:
        target = stack[-1][2]
        if kind == "text":
            target.append(Text(content))
        elif kind == "var":
            target.append(Var(content))
        else:
            words = content.split()
            name = words[0] if words else ""
            if name == "if":
                node = If(" ".join(words[1:]))
                target.append(node)
                stack.append(("if", node, node.body))
            elif name == "else":
                top_kind, node, _ = stack.pop()
                if top_kind == "if":
                    stack.append(("else", node, node.orelse))
                elif top_kind == "for":
                    stack.append(("forelse", node, node.empty))
                else:
                    raise TemplateError("else without if/for")
            elif name == "endif":
                top_kind = stack.pop()[0]
                if top_kind not in ("if", "else"):
                    raise TemplateError(f"endif closes {top_kind}")
            elif name == "for":
                if len(words) != 4 or words[2] != "in":
                    raise TemplateError(f"bad for tag: {content!r}")
                node = For(words[1], words[3])
                target.append(node)
                stack.append(("for", node, node.body))
            elif name == "endfor":
                top_kind = stack.pop()[0]
                if top_kind not in ("for", "forelse"):
                    raise TemplateError(f"endfor closes {top_kind}")
            else:
                raise TemplateError(f"unknown tag {name!r}")
    if len(stack) != 1:
        raise TemplateError(f"unclosed {stack[-1][0]} block")
    return root


# ---------------------------------------------------------------------------
# Lookup, filters, conditions
# ---------------------------------------------------------------------------

def lookup(ctx, path):
    if path.startswith('"') and path.endswith('"'):
        return path[1:-1]
    if path.isdigit():
        return int(path)
    value = ctx
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, (list, tuple)) and part.isdigit():
            idx = int(part)
            value = value[idx] if idx < len(value) else None
        else:
            value = getattr(value, part, None)
        if value is None:
            return None
    return value


def apply_filter(spec, value):
    name, _, arg = spec.partition(":")
    if name == "upper":
        return str(value).upper()
    if name == "lower":
        return str(value).lower()
    if name == "title":
        return str(value).title()
    if name == "length":
        return len(value) if value is not None else 0
    if name == "default":
        return value if value not in (None, "") else arg
    if name == "join":
        return arg.join(str(v) for v in value)
    if name == "money":
        return f"{value:,.2f}"
    if name == "pad":
        return str(value).ljust(int(arg))
    raise TemplateError(f"unknown filter {name!r}")


def evaluate_condition(cond, ctx):
    """Supports: a, not a, a == b, a != b, a > b, a < b, a and b, a or b."""
    if " or " in cond:
        return any(evaluate_condition(c, ctx) for c in cond.split(" or "))
    if " and " in cond:
        return all(evaluate_condition(c, ctx) for c in cond.split(" and "))
    cond = cond.strip()
    if cond.startswith("not "):
        return not evaluate_condition(cond[4:], ctx)
    for op in ("==", "!=", ">", "<"):
        if op in cond:
            left, right = (lookup(ctx, s.strip()) for s in cond.split(op, 1))
            if op == "==":
                return left == right
            if op == "!=":
                return left != right
            if left is None or right is None:
                return False
            return left > right if op == ">" else left < right
    return bool(lookup(ctx, cond))


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------

class Template:
    def __init__(self, source, name="<string>"):
        self.name = name
        self.nodes = parse(lex(source))

    def render(self, **ctx):
        out = []
        for node in self.nodes:
            node.render(ctx, out)
        return "".join(out)

    def __repr__(self):
        return f"Template({self.name!r}, {len(self.nodes)} nodes)"


def render_string(source, **ctx):
    return Template(source).render(**ctx)


def try_compile(source):
    try:
        return Template(source)
    except TemplateError as exc:
        return f"TemplateError: {exc}"


# ---------------------------------------------------------------------------
# Demo
# ---------------------------------------------------------------------------

class User:
    def __init__(self, name, email, admin=False):
        self.name = name
        self.email = email
        self.admin = admin

    def __repr__(self):
        return f"User({self.name!r})"


INVOICE = """\
{# invoice email #}Hello {{ customer.name | title }},

{% if items %}Your order #{{ order_id }} contains {{ items | length }} item(s):
{% for item in items %}  {{ loop.index }}. {{ item.name | pad:12 }} {{ item.qty }} x {{ item.price | money }}
{% endfor %}{% else %}Your cart is empty.
{% endif %}{% if total > 100 %}Shipping is free!
{% else %}Shipping: {{ shipping | default:4.99 }}
{% endif %}Tags: {{ tags | join:, }}
{% if customer.vip and not suspended %}Thanks for being a VIP.{% endif %}
"""

print(lex("Hi {{ name }}{# hidden #}! {% if x %}yes{% endif %}"))
tmpl = Template(INVOICE, "invoice")
print(tmpl, tmpl.nodes[:3])

print(tmpl.render(
    customer={"name": "maria lopez", "vip": True},
    order_id=5521,
    items=[{"name": "notebook", "qty": 3, "price": 4.5},
           {"name": "fountain pen", "qty": 1, "price": 120.0}],
    total=133.5,
    tags=["stationery", "gift"],
    suspended=False,
))
print(tmpl.render(customer={"name": "sam"}, items=[], total=0, tags=[], shipping=""))

users = [User("ann", "ann@example.org", admin=True), User("bob", "bob@example.org")]
print(render_string(
    "{% for u in users %}{{ u.name | upper }}{% if u.admin %} (admin){% endif %}"
    "{% if not loop.last %}, {% endif %}{% else %}nobody{% endfor %}",
    users=users))
print(render_string("{% for u in users %}x{% else %}nobody{% endfor %}", users=[]))
print(render_string("{{ first.1 }} / {{ missing.path | default:n/a }} / {{ n == 3 }}",
                    first=["a", "b"], n=3))
print(render_string('{% if role == "admin" or n > 5 %}ok{% else %}no{% endif %}', role="user", n=7))

for broken in ["{{ name", "{% if x %}open", "{% endfor %}", "{% while x %}{% endwhile %}",
               "{% for x of y %}{% endfor %}"]:
    print(f"{broken!r:36} -> {try_compile(broken)}")
try:
    render_string("{{ name | shout }}", name="x")
except TemplateError as exc:
    print("render failed:", exc)
