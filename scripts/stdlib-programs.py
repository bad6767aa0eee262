#!/usr/bin/env python3
"""Programs made of code people wrote: functions and classes of CPython's own
standard library, each with a few driver lines that call them.

    python3 scripts/stdlib-programs.py OUT_DIR

The neural engine is measured on them (docs/accuracy.md, "Code from the standard
library") as code the project did not write: the definitions are read from the
source files of the Python that runs this script (their text, as CPython ships it;
nothing is imported or run), put in the order they are listed, and followed by the
driver. The set is made when it is needed and never committed; it depends only on
that Python's standard library, and the script prints a digest of what it wrote so
that two measurements can be told to be on the same programs.
"""

import ast
import hashlib
import os
import sys
import sysconfig

STDLIB = sysconfig.get_paths()["stdlib"]

# name: (module files tried in order, [top-level names], driver lines)
# A top-level name ending in "+" takes its statement and the statements after it up to
# the next def, class or import (a table a module builds with a loop).
PROGRAMS = {
    "colorsys_hsv": (
        ["colorsys"],
        ["rgb_to_hsv", "hsv_to_rgb"],
        "h, s, v = rgb_to_hsv(0.2, 0.4, 0.4)\nprint(round(h, 4), s, v)\nr, g, b = hsv_to_rgb(h, s, v)\nprint(r, g, b)",
    ),
    "colorsys_hls": (
        ["colorsys"],
        ["ONE_THIRD", "ONE_SIXTH", "TWO_THIRD", "rgb_to_hls", "hls_to_rgb", "_v"],
        "hls = rgb_to_hls(0.9, 0.5, 0.1)\nprint(hls)\nback = hls_to_rgb(*hls)\nprint(back)",
    ),
    "colorsys_yiq": (
        ["colorsys"],
        ["rgb_to_yiq", "yiq_to_rgb"],
        "y, i, q = rgb_to_yiq(1.0, 0.5, 0.0)\nprint(y, i, q)\nprint(yiq_to_rgb(y, i, q))",
    ),
    "bisect_insort": (
        ["bisect"],
        ["insort_right", "bisect_right", "bisect_left"],
        "xs = []\nfor v in [5, 1, 4, 1, 3]:\n    insort_right(xs, v)\nprint(xs)\nprint(bisect_left(xs, 3), bisect_right(xs, 1))",
    ),
    "heapq_push_pop": (
        ["heapq"],
        ["heappush", "heappop", "_siftdown", "_siftup"],
        "heap = []\nfor v in [7, 2, 9, 4, 1]:\n    heappush(heap, v)\nprint(heap)\n"
        "out = []\nwhile heap:\n    out.append(heappop(heap))\nprint(out)",
    ),
    "heapq_heapify": (
        ["heapq"],
        ["heapify", "_siftdown", "_siftup"],
        "data = [9, 8, 7, 3, 2, 5]\nheapify(data)\nprint(data)",
    ),
    "datetime_ymd2ord": (
        ["datetime", "_pydatetime"],
        [
            "_DAYS_IN_MONTH",
            "_DAYS_BEFORE_MONTH+",
            "_is_leap",
            "_days_before_year",
            "_days_in_month",
            "_days_before_month",
            "_ymd2ord",
        ],
        "print(_ymd2ord(2024, 3, 1))\nprint(_days_in_month(1900, 2), _days_in_month(2000, 2))",
    ),
    "datetime_ord2ymd": (
        ["datetime", "_pydatetime"],
        [
            "_DAYS_IN_MONTH",
            "_DAYS_BEFORE_MONTH+",
            "_is_leap",
            "_days_before_year",
            "_days_in_month",
            "_days_before_month",
            "_DI400Y",
            "_DI100Y",
            "_DI4Y",
            "_ord2ymd",
        ],
        "print(_ord2ymd(738946))\nprint(_ord2ymd(1))",
    ),
    "calendar_leap": (
        ["calendar"],
        ["isleap", "leapdays"],
        "print([y for y in range(1896, 1912) if isleap(y)])\nprint(leapdays(1900, 2025))",
    ),
    "string_capwords": (
        ["string"],
        ["capwords"],
        "print(capwords('  hello   wide  world '))\nprint(capwords('a-b-c', '-'))",
    ),
    "textwrap_indent": (
        ["textwrap"],
        ["indent"],
        "text = 'one\\n\\ntwo\\n'\nprint(indent(text, '> '))\nprint(indent(text, '+ ', lambda line: True))",
    ),
    "textwrap_dedent": (
        ["textwrap"],
        ["_whitespace_only_re", "_leading_whitespace_re", "dedent"],
        "block = '    def f():\\n        return 1\\n'\nprint(dedent(block))",
    ),
    "html_escape": (
        ["html/__init__"],
        ["escape"],
        "print(escape('<a href=\"x\">Tom & Jerry</a>'))\nprint(escape(\"it's\", quote=False))",
    ),
    "statistics_median": (
        ["statistics"],
        ["StatisticsError", "median", "median_low", "median_high"],
        "print(median([3, 1, 4, 1, 5]))\nprint(median([3, 1, 4, 1]))\nprint(median_low([3, 1, 4, 1]), median_high([3, 1, 4, 1]))",
    ),
    "statistics_mode": (
        ["statistics"],
        ["StatisticsError", "mode", "multimode"],
        "print(mode(['red', 'blue', 'red']))\nprint(multimode('aabbbcc'))\nprint(multimode([]))",
    ),
    "functools_cmp_to_key": (
        ["functools"],
        ["cmp_to_key"],
        "def by_len(a, b):\n    return len(a) - len(b)\n\n\nwords = ['pear', 'fig', 'banana']\n"
        "key = cmp_to_key(by_len)\nprint(sorted(words, key=key))",
    ),
    "ipaddress_bits": (
        ["ipaddress"],
        ["_count_righthand_zero_bits"],
        "for n in [0, 1, 8, 96]:\n    print(n, _count_righthand_zero_bits(n, 32))",
    ),
    "shlex_quote": (
        ["shlex"],
        ["_find_unsafe", "quote"],
        "print(quote(''))\nprint(quote('safe-name.txt'))\nprint(quote(\"it's here\"))",
    ),
    "operator_count": (
        ["operator"],
        ["countOf", "indexOf"],
        "xs = [3, 1, 3, 2]\nprint(countOf(xs, 3))\nprint(indexOf(xs, 2))",
    ),
    "glob_magic": (
        ["glob"],
        ["magic_check", "magic_check_bytes", "has_magic"],
        "for p in ['a.txt', 'a*.txt', b'x?']:\n    print(p, has_magic(p))",
    ),
    "json_escape": (
        ["json/encoder"],
        ["ESCAPE", "ESCAPE_DCT+", "py_encode_basestring"],
        "print(py_encode_basestring('say \"hi\"\\n'))\nprint(py_encode_basestring('tab\\there'))",
    ),
    "urllib_netloc": (
        ["urllib/parse"],
        ["_splitnetloc"],
        "print(_splitnetloc('//example.com/path?q=1', 0))\nprint(_splitnetloc('//host', 0))",
    ),
    "email_unquote": (
        ["email/utils"],
        ["unquote"],
        "print(unquote('\"quoted\"'))\nprint(unquote('<addr@example.com>'))\nprint(unquote('plain'))",
    ),
    "quopri_codec": (
        ["quopri"],
        ["ESCAPE", "HEX", "EMPTYSTRING", "needsquoting", "quote", "unhex"],
        "print(needsquoting(b'=', False, False), needsquoting(b'a', False, False))\nprint(quote(b'='))\nprint(unhex(b'3D'))",
    ),
    "tokenize_groups": (
        ["tokenize"],
        ["group", "any", "maybe"],
        "Name = r'\\w+'\nNumber = group(r'\\d+', r'0x[0-9a-f]+')\nprint(Number)\nprint(any(Name, Number))\nprint(maybe(Name))",
    ),
    "genericpath_prefix": (
        ["genericpath"],
        ["commonprefix", "_splitext"],
        "print(commonprefix(['/usr/lib', '/usr/local/lib']))\nprint(_splitext('archive.tar.gz', '/', None, '.'))\n"
        "print(_splitext('.bashrc', '/', None, '.'))",
    ),
    "graphlib_sorter": (
        ["graphlib"],
        ["_NODE_OUT", "_NODE_DONE", "_NodeInfo", "CycleError", "TopologicalSorter"],
        "ts = TopologicalSorter({'b': {'a'}, 'c': {'a', 'b'}})\norder = tuple(ts.static_order())\nprint(order)",
    ),
    "pprint_safe_key": (
        ["pprint"],
        ["_safe_key", "_safe_tuple"],
        "items = [(2, 'b'), (1, 'a')]\nprint(sorted(items, key=_safe_tuple))",
    ),
}


def source_file(candidates):
    for mod in candidates:
        path = os.path.join(STDLIB, mod + ".py")
        if os.path.exists(path):
            return path
    return None


def segments(path, names):
    """The source text of the listed top-level statements, in the order listed."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    body = ast.parse(src).body
    lines = src.splitlines()
    out = []
    for want in names:
        name, more = want.rstrip("+"), want.endswith("+")
        for i, node in enumerate(body):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
                break
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                break
        else:
            raise LookupError(f"{path}: no top-level {name}")
        last = i
        if more:
            while last + 1 < len(body) and not isinstance(
                body[last + 1], (ast.FunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)
            ):
                last += 1
        first = body[i].lineno
        if getattr(body[i], "decorator_list", None):
            first = min(d.lineno for d in body[i].decorator_list)
        out.append("\n".join(lines[first - 1 : body[last].end_lineno]))
    return out


# what the definitions use from other modules, imported first as their own module does
IMPORTS = {
    "re.": "import re",
    "os.": "import os",
    "sys.": "import sys",
    "GenericAlias": "from types import GenericAlias",
    "Counter(": "from collections import Counter",
}


def imports_needed(text):
    return [line for used, line in IMPORTS.items() if used in text]


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    digest = hashlib.sha256()
    written = 0
    for k, (name, (mods, names, driver)) in enumerate(PROGRAMS.items(), 1):
        path = source_file(mods)
        if path is None:
            print(f"skipped {name}: none of {mods} in {STDLIB}", file=sys.stderr)
            continue
        try:
            defs = segments(path, names)
        except LookupError as e:
            print(f"skipped {name}: {e}", file=sys.stderr)
            continue
        rel = os.path.relpath(path, STDLIB)
        head = f"# {', '.join(n.rstrip('+') for n in names)}: from CPython's Lib/{rel}\n"
        body = "\n\n\n".join(defs)
        imports = "".join(f"{line}\n" for line in imports_needed(body))
        text = head + imports + ("\n" if imports else "") + body + "\n\n\n" + driver + "\n"
        fname = f"{k:02d}_{name}.py"
        with open(os.path.join(out, fname), "w", encoding="utf-8") as f:
            f.write(text)
        digest.update(fname.encode() + b"\0" + text.encode())
        written += 1
    ver = ".".join(map(str, sys.version_info[:3]))
    print(f"{written} programs from the standard library of Python {ver}: {out} (sha256 {digest.hexdigest()[:16]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
