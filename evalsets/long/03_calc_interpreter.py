"""A tiny interpreter for an arithmetic language with variables.

Language:
    program   := statement (';' statement)*
    statement := 'let' NAME '=' expr | 'print' expr | expr
    expr      := term (('+' | '-') term)*
    term      := power (('*' | '/' | '%') power)*
    power     := unary ('^' power)?
    unary     := '-' unary | call
    call      := NAME '(' args ')' | atom
    atom      := NUMBER | NAME | '(' expr ')'

The tokenizer, parser (building a small AST of tuples-turned-classes) and the
evaluator are separate stages, like in a real interpreter.
"""

import math

# ---------------------------------------------------------------------------
# Tokens
# ---------------------------------------------------------------------------

NUMBER, NAME, OP, KEYWORD, EOF = "NUMBER", "NAME", "OP", "KEYWORD", "EOF"
KEYWORDS = ("let", "print")
SINGLE_OPS = "+-*/%^()=,;"


class Token:
    def __init__(self, kind, value, pos):
        self.kind = kind
        self.value = value
        self.pos = pos

    def __repr__(self):
        return f"Token({self.kind}, {self.value!r})"


class LangError(Exception):
    pass


def tokenize(source):
    tokens = []
    i = 0
    while i < len(source):
        ch = source[i]
        if ch.isspace():
            i += 1
            continue
        if ch == "#":  # comment until end of line
            while i < len(source) and source[i] != "\n":
                i += 1
            continue
        if ch.isdigit() or (ch == "." and i + 1 < len(source) and source[i + 1].isdigit()):
            start = i
            seen_dot = False
            while i < len(source) and (source[i].isdigit() or (source[i] == "." and not seen_dot)):
                if source[i] == ".":
                    seen_dot = True
                i += 1
            text = source[start:i]
            tokens.append(Token(NUMBER, float(text) if seen_dot else int(text), start))
            continue
        if ch.isalpha() or ch == "_":
            start = i
            while i < len(source) and (source[i].isalnum() or source[i] == "_"):
                i += 1
            word = source[start:i]
            tokens.append(Token(KEYWORD if word in KEYWORDS else NAME, word, start))
            continue
        if ch in SINGLE_OPS:
            tokens.append(Token(OP, ch, i))
            i += 1
            continue
        raise LangError(f"unexpected character {ch!r} at {i}")
    tokens.append(Token(EOF, None, len(source)))
    return tokens


# ---------------------------------------------------------------------------
# AST nodes
# ---------------------------------------------------------------------------

class Num:
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return f"Num({self.value})"


class Var:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Var({self.name})"


class BinOp:
    def __init__(self, op, left, right):
        self.op = op
        self.left = left
        self.right = right

    def __repr__(self):
        return f"BinOp({self.op!r}, {self.left}, {self.right})"


class Neg:
    def __init__(self, operand):
        self.operand = operand

    def __repr__(self):
        return f"Neg({self.operand})"


class Call:
    def __init__(self, name, args):
        self.name = name
        self.args = args

    def __repr__(self):
        return f"Call({self.name}, {self.args})"


class Let:
    def __init__(self, name, expr):
        self.name = name
        self.expr = expr

    def __repr__(self):
        return f"Let({self.name}, {self.expr})"


class Print:
    def __init__(self, expr):
        self.expr = expr

    def __repr__(self):
        return f"Print({self.expr})"


# ---------------------------------------------------------------------------
# Parser
# ---------------------------------------------------------------------------

class Parser:
    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos]

    def advance(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def accept(self, kind, value=None):
        tok = self.peek()
        if tok.kind == kind and (value is None or tok.value == value):
            return self.advance()
        return None

    def expect(self, kind, value=None):
        tok = self.accept(kind, value)
        if tok is None:
            got = self.peek()
            want = value if value is not None else kind
            raise LangError(f"expected {want!r} at {got.pos}, got {got.value!r}")
        return tok

    def __repr__(self):
        return f"Parser(at {self.pos} of {len(self.tokens)})"

    def program(self):
        statements = [self.statement()]
        while self.accept(OP, ";"):
            if self.peek().kind == EOF:
                break
            statements.append(self.statement())
        self.expect(EOF)
        return statements

    def statement(self):
        if self.accept(KEYWORD, "let"):
            name = self.expect(NAME).value
            self.expect(OP, "=")
            return Let(name, self.expr())
        if self.accept(KEYWORD, "print"):
            return Print(self.expr())
        return self.expr()

    def expr(self):
        node = self.term()
        while self.peek().kind == OP and self.peek().value in "+-":
            op = self.advance().value
            node = BinOp(op, node, self.term())
        return node

    def term(self):
        node = self.power()
        while self.peek().kind == OP and self.peek().value in "*/%":
            op = self.advance().value
            node = BinOp(op, node, self.power())
        return node

    def power(self):
        base = self.unary()
        if self.accept(OP, "^"):
            return BinOp("^", base, self.power())  # right associative
        return base

    def unary(self):
        if self.accept(OP, "-"):
            return Neg(self.unary())
        return self.call()

    def call(self):
        tok = self.peek()
        if tok.kind == NAME and self.tokens[self.pos + 1].value == "(":
            self.advance()
            self.advance()
            args = []
            if not self.accept(OP, ")"):
                args.append(self.expr())
                while self.accept(OP, ","):
                    args.append(self.expr())
                self.expect(OP, ")")
            return Call(tok.value, args)
        return self.atom()

    def atom(self):
        tok = self.advance()
        if tok.kind == NUMBER:
            return Num(tok.value)
        if tok.kind == NAME:
            return Var(tok.value)
        if tok.kind == OP and tok.value == "(":
            node = self.expr()
            self.expect(OP, ")")
            return node
        raise LangError(f"unexpected {tok.value!r} at {tok.pos}")


def parse(source):
    return Parser(tokenize(source)).program()


# ---------------------------------------------------------------------------
# Evaluator
# ---------------------------------------------------------------------------

BUILTINS = {
    "sqrt": (1, math.sqrt),
    "abs": (1, abs),
    "max": (None, max),
    "min": (None, min),
    "round": (2, round),
}


class Interpreter:
    def __init__(self):
        self.env = {"pi": 3.14159}
        self.output = []
        self.steps = 0

    def eval(self, node):
        self.steps += 1
        if isinstance(node, Num):
            return node.value
        if isinstance(node, Var):
            if node.name not in self.env:
                raise LangError(f"undefined variable {node.name}")
            return self.env[node.name]
        if isinstance(node, Neg):
            return -self.eval(node.operand)
        if isinstance(node, BinOp):
            return self.binop(node.op, self.eval(node.left), self.eval(node.right))
        if isinstance(node, Call):
            return self.call(node)
        raise LangError(f"cannot evaluate {node!r}")

    def binop(self, op, a, b):
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            if b == 0:
                raise LangError("division by zero")
            result = a / b
            return int(result) if result == int(result) else result
        if op == "%":
            return a % b
        if op == "^":
            return a ** b
        raise LangError(f"unknown operator {op}")

    def call(self, node):
        if node.name not in BUILTINS:
            raise LangError(f"unknown function {node.name}")
        arity, func = BUILTINS[node.name]
        if arity is not None and len(node.args) != arity:
            raise LangError(f"{node.name} takes {arity} argument(s), got {len(node.args)}")
        args = [self.eval(a) for a in node.args]
        return func(*args)

    def execute(self, statement):
        if isinstance(statement, Let):
            value = self.eval(statement.expr)
            self.env[statement.name] = value
            return value
        if isinstance(statement, Print):
            value = self.eval(statement.expr)
            self.output.append(str(value))
            return value
        return self.eval(statement)

    def run(self, source):
        result = None
        for statement in parse(source):
            result = self.execute(statement)
        return result

    def __repr__(self):
        return f"Interpreter({sorted(self.env)}, steps={self.steps})"


def run_program(source):
    interp = Interpreter()
    try:
        result = interp.run(source)
    except LangError as err:
        return f"error: {err}", interp.output
    return result, interp.output


def show_tree(node, indent=0):
    pad = "  " * indent
    if isinstance(node, BinOp):
        print(f"{pad}{node.op}")
        show_tree(node.left, indent + 1)
        show_tree(node.right, indent + 1)
    elif isinstance(node, Neg):
        print(f"{pad}neg")
        show_tree(node.operand, indent + 1)
    elif isinstance(node, Call):
        print(f"{pad}{node.name}()")
        for a in node.args:
            show_tree(a, indent + 1)
    else:
        print(f"{pad}{node!r}")


# ---------------------------------------------------------------------------
# Demo
# ---------------------------------------------------------------------------

print([t.value for t in tokenize("let r = 2.5; area = pi * r ^ 2")])
show_tree(parse("-(1 + 2) * max(3, 4 % 3) ^ 2")[0])

PROGRAMS = [
    "1 + 2 * 3",
    "2 ^ 3 ^ 2",
    "let x = 10; let y = x / 4; print y; x % 3",
    "let r = 2; print round(pi * r ^ 2, 2); sqrt(16) + abs(-3)",
    "let a = 7; let b = 3; print a / b; print max(a, b, 12); min(a, b)",
    "10 / (5 - 5)",
    "print q + 1",
    "round(1, 2, 3)",
    "3 + * 4",
    "# comment only line\n let z = -2 ^ 2; z",
]

for src in PROGRAMS:
    result, printed = run_program(src)
    flat = src.replace("\n", " ")
    print(f"{flat!r:60} => {result!r}  printed={printed}")

interp = Interpreter()
interp.run("let total = 0; let total = total + 5; let total = total * 3")
print(interp.env, interp.steps)
