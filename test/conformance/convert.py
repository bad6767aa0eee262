"""Convert CPython's own pdb tests (the running interpreter's
Lib/test/test_pdb.py, found through sysconfig and never copied) into
command-line sessions: files to write, `pdb` arguments, a command stream.

    python3.X test/conformance/convert.py [--random N --seed S]

prints one JSON object: {"version": "3.X.Y", "source": path, "cases": [...],
"skips": [{"id", "reason"}]}. A case is {"id", "files": {path: base64},
"dirs": [...], "args": [...], "commands": str}.

Two kinds of tests are converted:
  * doctests: a function calling `pdb.Pdb(nosigint=True, readrc=False)
    .set_trace()`, run inside `with PdbTestInput([...]):` blocks. The
    examples become one script main.py (the set_trace call becomes
    `breakpoint()`, each `with` block its body), and the commands are a
    leading `c` (to leave the script's first line) then each block's list.
  * script tests of PdbTestCase: calls of run_pdb_script / run_pdb_module /
    _run_pdb whose script and commands are literals (or names bound to
    literals, textwrap.dedent, joins, f-strings of those), with the files the
    test writes with open().
Whatever a command line cannot express is listed in "skips" with its reason.

Random streams (--random N): seeded command streams over the converted
scripts, drawn from pdb's stepping, breakpoint and display commands.
Standard library only; runs on Python 3.9 to 3.13.
"""

import ast
import base64
import doctest
import json
import os
import random
import re
import sys
import sysconfig
import textwrap

TESTFN = '@test_ndbg_tmp'
SET_TRACE = re.compile(r'(?:import pdb; *)?pdb\.Pdb\(nosigint=True, *readrc=False\)\.set_trace\(\)')
# Names the doctests use from test_pdb's globals, and their imports.
IMPORTS = {
    'sys': 'import sys',
    'os': 'import os',
    'pdb': 'import pdb',
    'types': 'import types',
    'textwrap': 'import textwrap',
    'dis': 'import dis',
}


class Unresolved(Exception):
    pass


# ------------------------------------------------------------------ doctests
def convert_doctest(name, doc):
    parser = doctest.DocTestParser()
    examples = parser.get_examples(doc)
    parts, commands = [], ['c']
    blocks = 0
    for ex in examples:
        src = ex.source
        try:
            tree = ast.parse(src)
        except SyntaxError as e:
            raise Unresolved('an example does not parse on this Python: %s' % e)
        if len(tree.body) == 1 and isinstance(tree.body[0], ast.With) and _is_pti(tree.body[0].items[0].context_expr):
            w = tree.body[0]
            call = w.items[0].context_expr
            try:
                cmds = ast.literal_eval(call.args[0])
            except Exception:
                raise Unresolved('PdbTestInput is not given a literal list')
            if w.items[0].optional_vars is not None or len(w.items) != 1:
                raise Unresolved('PdbTestInput is bound to a name')
            lines = src.splitlines()
            body = '\n'.join(lines[w.body[0].lineno - 1 :])
            parts.append(textwrap.dedent(body))
            commands.extend(cmds)
            blocks += 1
            continue
        if 'PdbTestInput' in src or '_FakeInput' in src:
            raise Unresolved('PdbTestInput used outside a `with` block')
        if re.fullmatch(r'\s*reset_Breakpoint\(\)\s*', src):
            continue  # a fresh process has no breakpoints
        if 'reset_Breakpoint' in src or 'test.test_pdb' in src or 'doctest' in src:
            raise Unresolved('uses the test module itself')
        parts.append(src.rstrip('\n'))
    if not blocks:
        raise Unresolved('no PdbTestInput session')
    script = '\n'.join(parts) + '\n'
    script = SET_TRACE.sub('breakpoint()', script)
    if 'set_trace(' in script and 'breakpoint()' not in script:
        pass  # its own Pdb(...).set_trace(): kept, as a program may do
    need = [
        imp
        for n, imp in IMPORTS.items()
        if re.search(r'(?<![\w.])%s\.' % n, script) and not re.search(r'^\s*import %s\b' % n, script, re.M)
    ]
    if need:
        script = '; '.join(need) + '\n' + script
    return {
        'files': {'main.py': script.encode()},
        'dirs': [],
        'args': ['main.py'],
        'commands': '\n'.join(commands) + '\n',
    }


def _is_pti(node):
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == 'PdbTestInput'


# -------------------------------------------------------------- script tests
def _attr(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return '.'.join(reversed(parts))
    return None


def ev(node, env):
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes, int)):
        return node.value
    if isinstance(node, (ast.Name, ast.Attribute)) and _attr(node) in env:
        return env[_attr(node)]
    if isinstance(node, ast.Name):
        if node.id in env:
            return env[node.id]
        raise Unresolved('%s is not a literal' % node.id)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [ev(e, env) for e in node.elts]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return ev(node.left, env) + ev(node.right, env)
    if isinstance(node, ast.JoinedStr):
        out = []
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                if v.conversion != -1 or v.format_spec is not None:
                    raise Unresolved('a formatted f-string field')
                out.append(str(ev(v.value, env)))
            else:
                out.append(v.value)
        return ''.join(out)
    a = _attr(node)
    if a == 'os_helper.TESTFN' or a == 'support.TESTFN':
        return TESTFN
    if isinstance(node, ast.Call) and not node.keywords:
        f = _attr(node.func)
        args = [ev(x, env) for x in node.args]
        if f == 'textwrap.dedent' and len(args) == 1:
            return textwrap.dedent(args[0])
        if f == 'os.path.join':
            return os.path.join(*args)
        if isinstance(node.func, ast.Attribute):
            obj = ev(node.func.value, env)
            meth = node.func.attr
            if isinstance(obj, (str, bytes)) and meth in ('join', 'replace', 'encode', 'strip', 'lstrip'):
                return getattr(obj, meth)(*args)
    raise Unresolved('an expression that is not a literal: %s' % ast.dump(node)[:80])


class ScriptTest:
    def __init__(self, name):
        self.name = name
        self.env = {}
        self.files = {}
        self.dirs = []
        self.sessions = []

    def run(self, body):
        for st in body:
            self.stmt(st)

    def stmt(self, st):
        if isinstance(st, ast.Assign) and len(st.targets) == 1:
            t = st.targets[0]
            call = self.session_call(st.value)
            if call is not None:
                return self.session(call)
            key = _attr(t)
            if key:
                try:
                    self.env[key] = ev(st.value, self.env)
                except Unresolved:
                    self.env.pop(key, None)
            return
        if isinstance(st, ast.Expr):
            call = self.session_call(st.value)
            if call is not None:
                return self.session(call)
            if isinstance(st.value, ast.Call):
                f = _attr(st.value.func)
                if f in ('os.mkdir', 'os.makedirs'):
                    self.dirs.append(ev(st.value.args[0], self.env))
            return
        if isinstance(st, ast.With):
            handled = False
            for item in st.items:
                c = item.context_expr
                f = _attr(c.func) if isinstance(c, ast.Call) else None
                var = item.optional_vars.id if isinstance(item.optional_vars, ast.Name) else None
                if f == 'open':
                    path = ev(c.args[0], self.env)
                    content = b''
                    for b in st.body:
                        if (
                            isinstance(b, ast.Expr)
                            and isinstance(b.value, ast.Call)
                            and _attr(b.value.func) == '%s.write' % var
                        ):
                            v = ev(b.value.args[0], self.env)
                            content += v.encode() if isinstance(v, str) else v
                        elif not isinstance(b, ast.Pass):
                            raise Unresolved('a file written by code, not a literal')
                    self.files[path] = content
                    handled = True
                elif f in ('os_helper.temp_dir', 'support.temp_dir', 'tempfile.TemporaryDirectory') and var:
                    self.env[var] = 'tmpdir'
                    self.dirs.append('tmpdir')
                elif f in ('os_helper.temp_cwd', 'support.temp_cwd'):
                    pass  # the case runs in a directory of its own anyway
                elif f == 'patch.dict' or f == 'support.swap_attr':
                    raise Unresolved('patches the environment or the test process')
                elif f and f.startswith('self.'):
                    pass  # subTest, assertRaises
                else:
                    raise Unresolved('a `with %s` block' % f)
            if not handled:
                self.run(st.body)
            return
        if isinstance(st, (ast.If, ast.For, ast.While, ast.Try)):
            if self.mentions_session(st):
                raise Unresolved('a session run in a loop, a condition or a try')
            return
        if isinstance(st, (ast.FunctionDef, ast.ClassDef)):
            if self.mentions_session(st):
                raise Unresolved('a session run by a nested function')
            return

    def mentions_session(self, node):
        return any(self.session_call(n) is not None for n in ast.walk(node))

    @staticmethod
    def session_call(node):
        if isinstance(node, ast.Call) and _attr(node.func) in (
            'self.run_pdb_script',
            'self.run_pdb_module',
            'self._run_pdb',
        ):
            return node
        return None

    def session(self, call):
        f = _attr(call.func)
        env = self.env
        args = [ev(a, env) for a in call.args]
        kw = {k.arg: ev(k.value, env) for k in call.keywords}
        files = dict(self.files)
        dirs = list(self.dirs)
        if f == 'self.run_pdb_script':
            files['main.py'] = textwrap.dedent(args[0]).encode()
            pdb_args, commands = ['main.py'], args[1]
        elif f == 'self.run_pdb_module':
            files['t_main/__init__.py'] = b''
            files['t_main/__main__.py'] = textwrap.dedent(args[0]).encode()
            pdb_args, commands = ['-m', 't_main'], args[1]
        else:
            pdb_args, commands = args[0], args[1]
        if not isinstance(commands, str):
            raise Unresolved('commands are not text')
        self.sessions.append(
            {
                'files': files,
                'dirs': dirs,
                'args': pdb_args,
                'commands': commands,
                'code': kw.get('expected_returncode', args[2] if len(args) > 2 else 0),
            }
        )


# ------------------------------------------------------------------- random
RANDOM_CMDS = [
    's',
    'n',
    'r',
    'c',
    'b N',
    'cl',
    'w',
    'u',
    'd',
    'p NAME',
    'll',
    'unt',
    'j N',
    'display NAME',
    'retval',
    'restart',
    'q',
]


def random_streams(cases, count, seed):
    rng = random.Random(seed)
    scripts = [c for c in cases if c['args'] == ['main.py']]
    out = []
    for i in range(count):
        base = scripts[rng.randrange(len(scripts))]
        src = base['files']['main.py'].decode('utf-8', 'replace')
        nlines = max(1, len(src.splitlines()))
        names = sorted(set(re.findall(r'\b([a-z_][a-z0-9_]*)\s*=[^=]', src))) or ['x']
        cmds = []
        for _ in range(rng.randrange(6, 20)):
            c = rng.choice(RANDOM_CMDS)
            if c == 'restart' and rng.random() < 0.6:
                c = 'n'  # keep restarts rare: they replay the whole stream so far
            if c == 'q' and rng.random() < 0.7:
                c = 's'
            c = c.replace('N', str(rng.randrange(1, nlines + 1))).replace('NAME', rng.choice(names))
            cmds.append(c)
        case = dict(base)
        case['id'] = 'random-%02d(%s)' % (i, base['id'])
        case['commands'] = '\n'.join(cmds) + '\n'
        case['code'] = None
        out.append(case)
    return out


def main(argv):
    count, seed = 0, 12
    if '--random' in argv:
        count = int(argv[argv.index('--random') + 1])
    if '--seed' in argv:
        seed = int(argv[argv.index('--seed') + 1])
    path = os.path.join(sysconfig.get_path('stdlib'), 'test', 'test_pdb.py')
    with open(path, encoding='utf-8') as f:
        source = f.read()
    tree = ast.parse(source)
    cases, skips = [], []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith('test_'):
            doc = ast.get_docstring(node, clean=False)
            if not doc or '>>>' not in doc:
                continue
            cid = 'doctest:' + node.name
            try:
                case = convert_doctest(node.name, doc)
                case['id'] = cid
                case['code'] = 0
                cases.append(case)
            except Unresolved as e:
                skips.append({'id': cid, 'reason': str(e)})
        elif isinstance(node, ast.ClassDef) and node.name == 'PdbTestCase':
            for m in node.body:
                if not (isinstance(m, ast.FunctionDef) and m.name.startswith('test_')):
                    continue
                cid = 'script:' + m.name
                t = ScriptTest(m.name)
                try:
                    t.run(m.body)
                except (Unresolved, IndexError, KeyError, TypeError) as e:
                    skips.append({'id': cid, 'reason': str(e) or type(e).__name__})
                    continue
                if not t.sessions:
                    skips.append(
                        {
                            'id': cid,
                            'reason': 'runs no `python -m pdb` session through the test helpers (pdb as a library, or its own subprocess)',
                        }
                    )
                for k, s in enumerate(t.sessions):
                    s['id'] = cid + ('' if len(t.sessions) == 1 else '#%d' % (k + 1))
                    cases.append(s)
    cases += random_streams(cases, count, seed)
    for c in cases:
        c['files'] = {p: base64.b64encode(v).decode() for p, v in c['files'].items()}
    json.dump(
        {'version': '%d.%d.%d' % sys.version_info[:3], 'source': path, 'cases': cases, 'skips': skips},
        sys.stdout,
        indent=1,
    )
    sys.stdout.write('\n')


if __name__ == '__main__':
    main(sys.argv[1:])
