"""The pdb bridge (python/ndbg/bridge*.py): wire encoding, stop events, the
event counter's independence from pdb's stepping mode, reverse targets."""

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(__file__)
sys.path.insert(0, HERE)

import bridge_driver  # noqa: E402
from ndbg.bridge import channel as bridge_channel  # noqa: E402
from ndbg.bridge import history as bridge_history  # noqa: E402

PYTHON = os.environ.get('NDBG_TEST_PYTHON', 'python3')
_VERSION = subprocess.run(
    [PYTHON, '-c', 'import sys; print(*sys.version_info[:2])'], capture_output=True, text=True
).stdout.split()
PY39 = _VERSION == ['3', '9']
PY313 = tuple(map(int, _VERSION)) >= (3, 13)


def script(tmp_path, text, name='prog.py'):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text))
    return str(p)


def stops(msgs):
    return [m for m in msgs if m['t'] == 's' and not m.get('refresh')]


def test_json_encoding_round_trips():
    values = [
        'plain',
        'quote " backslash \\ nl \n tab \t',
        '\x00\x1f\x7f',
        'h\u00e9 \u2603 \U0001f600',
        '\udc80 lone surrogate',
        0,
        -12,
        1.5,
        True,
        False,
        None,
        [1, 'a', [2]],
        {'k': {'n': [None]}},
    ]
    for v in values:
        assert json.loads(bridge_channel.jenc(v)) == v


def test_json_escapes_every_control_character_and_lone_surrogate():
    s = 'x' + ''.join(map(chr, range(0x20))) + '\ud800 \udbff \udc00 \udfff' + '"\\'
    assert json.loads(bridge_channel.jenc(s)) == s
    assert bridge_channel.jenc('\x01') == '"\\u0001"'


def test_transcript_matches_pdb(tmp_path):
    path = script(
        tmp_path,
        '''
        def f(n):
            return n * 2
        x = f(3)
        print("x", x)
    ''',
    )
    cmds = ['n', 's', 'n', 'p n', 'r', 'c', 'q']
    ours = bridge_driver.run([path], cmds, cwd=str(tmp_path))
    pdb = subprocess.run(
        [PYTHON, '-m', 'pdb', path], input='\n'.join(cmds) + '\n', capture_output=True, text=True, cwd=str(tmp_path)
    )
    assert ours['stdout'] == pdb.stdout
    assert ours['code'] == pdb.returncode == 0


def test_stop_events_carry_frames_and_safe_locals(tmp_path):
    path = script(
        tmp_path,
        '''
        class Bad:
            def __repr__(self):
                raise RuntimeError("no repr")
        def g(a):
            big = list(range(5000))
            bad = Bad()
            return a
        g("hi")
    ''',
    )
    r = bridge_driver.run([path], ['b 8', 'c', 'q'], cwd=str(tmp_path), locals_=True)
    s = stops(r['msgs'])[-1]
    assert s['event'] == 'line'
    top = s['frames'][-1]
    assert (top['func'], top['line'], top['file']) == ('g', 8, path)
    assert top['locals']['a'] == "'hi'"
    assert top['locals']['bad'] == '<repr failed: RuntimeError: no repr>'
    assert len(top['locals']['big']) <= 1003 and top['locals']['big'].endswith('...')
    assert s['selected'] == len(s['frames']) - 1
    # Output order on the channel: the stop comes before pdb's location text.
    kinds = [(m['t'], m.get('d', '')[:2]) for m in r['msgs'] if m['t'] in ('s', 'o')]
    i = kinds.index(('s', ''), 1)
    assert kinds[i + 1] == ('o', '> ')


def test_a_stop_hides_the_locals_a_trace_state_hides(tmp_path):
    # One rule (ndbg/bridge/shown.py) for the tracer, whose traces the model
    # learns, and for the bridge, whose stops --verify compares predictions
    # with: at every stop of `s`, the locals less `hidden` are the tracer's.
    # At the return of a class body neither shows its methods.
    source = textwrap.dedent(
        """\
        import os
        from math import sqrt
        LIMIT = 3


        class Counter:
            start = 1
            __secret = 2

            def __init__(self):
                self.n = Counter.start

            def bump(self):
                self.n += 1
                return self.n


        def total(xs):
            return sum([x * 2 for x in xs])


        c = Counter()
        r = c.bump()
        t = total([1, 2])
        """
    )
    path = script(tmp_path, source)
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, '..'), PYTHONHASHSEED='0')
    traced = subprocess.run(
        [PYTHON, '-m', 'ndbg.trace.tracer', path], capture_output=True, text=True, env=env, check=True
    )
    events = json.loads(traced.stdout)['events']
    want = [(e['event'], e['line'], e['func'], e['locals']) for e in events]
    r = bridge_driver.run([path], ['s'] * (len(events) - 1) + ['q'], cwd=str(tmp_path), locals_=True)
    seen = []
    for m in stops(r['msgs']):
        f = m['frames'][-1]
        hidden = set(f.get('hidden', ()))
        assert hidden <= set(f['locals'])
        assert ('.0' in f['locals']) == ('.0' in hidden)  # a comprehension's iterator (<= 3.11)
        seen.append(
            (
                m['event'],
                f['line'],
                f['func'],
                {k: re.sub(r' at 0x[0-9a-fA-F]+', '', v) for k, v in f['locals'].items() if k not in hidden},
            )
        )
    assert seen == want
    class_return = [s for s in seen if s[:1] == ('return',) and s[2] == 'Counter']
    assert class_return == [('return', 13, 'Counter', {'start': '1', '_Counter__secret': '2'})]


def test_program_output_and_input_requests(tmp_path):
    path = script(
        tmp_path,
        '''
        import sys
        print("out")
        print("err", file=sys.stderr)
        line = input("? ")
        print("got", line)
    ''',
    )
    r = bridge_driver.run([path], ['c', 'hello', 'q'], cwd=str(tmp_path))
    texts = [(m['s'], m['d']) for m in r['msgs'] if m['t'] == 'o']
    assert ('stdout', 'out\n') in texts and ('stderr', 'err\n') in texts
    assert ('stdout', 'got hello\n') in texts
    assert any(m['t'] == 'i' for m in r['msgs'])
    # pdb.main's own messages are the debugger's, not the program's.
    assert ('debugger', 'The program finished and will be restarted\n') in texts


def test_block_buffered_stdout_is_a_frame_per_block_in_the_same_order(tmp_path):
    # --stdout=block (line mode to a pipe): the program's stdout is Python's own
    # buffered text file, as under pdb, and reaches ndbg a block at a time. The
    # transcript is the line-buffered one's: its text goes out before the stops,
    # prompts, input requests and stderr text written after it, and a muted
    # replay's output (reverse commands) is dropped, not sent late.
    path = script(
        tmp_path,
        """
        import sys
        print(type(sys.stdout).__name__, repr(sys.stdout), sys.stdout.mode)
        for i in range(3000):
            print("line", i, "\u00e9" if i % 1000 == 7 else "")
        print("to stderr", file=sys.stderr)
        sys.stdout.write("partial ")
        name = input("name? ")
        print("hello", name, end="")
        breakpoint()
        print("after")
    """,
    )
    cmds = ['c', 'bob', 'p 1', 'Rnext', 'Rnext', 'c', 'c']
    line = bridge_driver.run([path], cmds + ['q'], cwd=str(tmp_path))
    block = bridge_driver.run([path], cmds + ['q'], cwd=str(tmp_path), block_stdout=True)
    assert 'TextIOWrapper' in block['stdout'] and "name='<stdout>' mode='w'" in block['stdout']
    assert block['stdout'] == line['stdout'] and block['stderr'] == line['stderr']
    assert 'diverged' not in block['stdout']
    # the replay back to line 9 prints nothing; going on from there prints again
    assert block['stdout'].count('line 2999 \n') == 1 and block['stdout'].count('hello bob>') == 2

    def shape(r):
        # The messages, with the text of each stretch between them joined. Text
        # the program leaves in its buffer as its run ends goes out with the
        # pdb message printed after it, labelled as that: line mode prints both
        # to stdout, so only which stdout it is counts here.
        out = []
        for m in r['msgs']:
            k = (m['t'], 'stdout' if m.get('s') == 'debugger' else m.get('s'))
            if m['t'] == 'o' and out and out[-1][0] == k:
                out[-1][1].append(m['d'])
            else:
                out.append((k, [m.get('d', m.get('p', ''))]))
        return [(k, ''.join(v)) for k, v in out if k != ('h', None)]

    assert shape(block) == shape(line)
    frames = [m for m in block['msgs'] if m['t'] == 'o' and m['s'] == 'stdout']
    assert len(frames) < 40, len(frames)  # 6000 lines printed, in a few blocks


def test_event_index_does_not_depend_on_how_we_got_there(tmp_path):
    # The same stop reached by continuing, by breakpoints, and by stepping has the
    # same index. After `continue` without breakpoints the program runs untraced,
    # as under pdb: the stop there has no index until a reverse command finds it.
    path = script(
        tmp_path,
        '''
        def work(k):
            out = []
            for i in range(k):
                out.append(i * i)
            return out
        def main():
            total = sum(work(20))
            total += sum(work(5))
            breakpoint()
            return total
        main()
    ''',
    )
    ways = [
        ['c', 'Rnext', 'n'],
        ['b work', 'c', 'cl 1', 'c', 'Rnext', 'n'],
        ['n'] * 4 + ['s'] * 30 + ['b 11', 'c'],
        ['b 9', 'c', 'n', 'n'],
    ]
    index = set()
    for cmds in ways:
        # 3.13 stops on the breakpoint() line, older versions after it.
        r = bridge_driver.run([path], cmds + ['n', 'n', 'q'], cwd=str(tmp_path))
        got = stops(r['msgs'])
        if 'Rnext' in cmds:  # untraced `c`: the stop after it is anchored, unknown
            assert [s['frames'][-1]['line'] for s in got if 'n' not in s] in ([10], [11])
        at = [s for s in got if s['frames'][-1]['line'] == 11 and s['event'] == 'line' and 'n' in s]
        assert at, cmds
        index.add(at[0]['n'])
    assert len(index) == 1, index


def test_continue_without_breakpoints_runs_untraced_and_reverse_finds_the_stop(tmp_path):
    # pdb stops tracing after `continue` with no breakpoint: so does ndbg (the program
    # sees no trace function and runs at full speed). Reverse commands after it still
    # work: a replay finds the stop (the run's k-th breakpoint() call, or its end in
    # post-mortem), with the input the program read while untraced.
    path = script(
        tmp_path,
        '''
        import random
        import sys
        breakpoint()
        seen = sys.gettrace()
        a = random.randint(1, 10**9)
        name = input()
        b = len(name) + a
        breakpoint()
        c = b * 2
        print(seen, 1 / (c - c))
    ''',
    )
    back = ['Rnext'] * (2 if PY313 else 3)  # to `name = input()`
    cmds = ['c', 'c', 'bob', 'p a, b, name'] + back + ['p a', 'c', 'eve', 'p b', 'c', 'Rstep']
    r = bridge_driver.run([path], cmds + ['p b, c, name, seen', 'q'], cwd=str(tmp_path))
    out = r['stdout']
    assert 'diverged' not in out
    a, b = map(int, re.search(r"\(Pdb\) \((\d+), (\d+), 'bob'\)", out).groups())
    assert b == a + 3
    got = stops(r['msgs'])
    lines = [s['frames'][-1]['line'] for s in got]
    # 3.13 stops on the breakpoint() line, older versions after it
    # (3.9 shows a post-mortem frame's line as it was when tracing stopped, as pdb does)
    assert lines == ([2, 4, 9, 8, 7, 9, 11, 11] if PY313 else [2, 5, 10, 9, 8, 7, 10, 10 if PY39 else 11, 11]), lines
    assert '(Pdb) %d\n' % a in out  # back before input(): the same random number
    # the stops right after an untraced `continue` have no index; the others do
    known = [True, False, False] + [True] * len(back) + [False, False, True]
    assert ['n' in s for s in got] == known, got
    assert got[-2]['event'] == 'exception' and got[-2].get('pm')
    assert "(Pdb) (%d, %d, 'eve', None)\n" % (b, 2 * b) in out  # back from post-mortem


def test_untraced_stretches_edits_and_divergence(tmp_path):
    # An edit made at the stop after an untraced `continue` is replayed there; a stretch
    # gone back over and stepped through traced is traced in later replays; a replay
    # that cannot reach the stop says so.
    edited = script(
        tmp_path,
        '''
        import sys
        x = 1
        breakpoint()
        y = x + 1
        seen = sys.gettrace() is None
        print(x, y, seen)
    ''',
        'edited.py',
    )
    to_seen = ['n'] * (4 if PY313 else 2)  # to the line after y's; 3.13 stops at breakpoint() and again after it
    r = bridge_driver.run([edited], ['c', '!x = 5'] + to_seen + ['p x, y', 'Rstep', 'p x, y', 'q'], cwd=str(tmp_path))
    assert 'diverged' not in r['stdout']
    assert r['stdout'].count('(Pdb) (5, 6)\n') == 2, r['stdout']
    to_print = ['n'] * (6 if PY313 else 5)  # from the first line to print(...); 3.13 stops twice at breakpoint()
    cmds = ['c', 'Rcontinue'] + to_print + ['p seen', 'n', 'Rstep', 'p seen', 'q']
    r = bridge_driver.run([edited], cmds, cwd=str(tmp_path))
    assert 'diverged' not in r['stdout'], r['stdout']
    assert r['stdout'].count('(Pdb) False\n') == 2, r['stdout']  # stepped through: traced, twice
    once = script(
        tmp_path,
        '''
        import os
        mark = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'ran')
        first = not os.path.exists(mark)
        open(mark, 'w').close()
        if first:
            breakpoint()
        x = 1
    ''',
        'once.py',
    )
    r = bridge_driver.run([once], ['c', 'Rstep', 'q'], cwd=str(tmp_path))
    assert 'Replay diverged from the recorded history (the program ended before the stop after continue)' in r['stdout']
    assert r['code'] == 0 and 'Traceback' not in r['raw_stderr']


def _history_of(fn):
    h = bridge_history.History()

    def tracer(frame, event, arg):
        if frame.f_code.co_filename != __file__:
            return None
        h.add(frame, event)
        return tracer

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    h.finish()
    return h


def _line_of(h, j):
    return h.codes[j].co_name, h.lines[j] - h.codes[j].co_firstlineno


def test_history_targets():
    def sq(v):
        r = v * v
        return r

    def top():
        acc = 0
        for i in range(2):
            acc += sq(i)
        return acc

    h = _history_of(top)
    kinds = [h.kinds[j] for j in range(1, len(h) + 1)]
    assert kinds.count(bridge_history.CALL) == 3
    last_sq_line = max(
        j for j in range(1, len(h) + 1) if h.kinds[j] == bridge_history.LINE and h.codes[j].co_name == 'sq'
    )
    # reverse-step from sq's last line: its previous line, same call.
    assert _line_of(h, h.prev_line(last_sq_line, 1)) == ('sq', 1)
    first_sq_line = h.prev_line(last_sq_line, 1)
    # reverse-next from a function's first line: the caller's calling line.
    j = h.prev_line_in(first_sq_line, h.sers[first_sq_line], 1)
    assert _line_of(h, j) == ('top', 3)
    # reverse-finish: the call event of the activation.
    c = h.call_of(last_sq_line, h.sers[last_sq_line], 1)
    assert h.kinds[c] == bridge_history.CALL and h.sers[c] == h.sers[last_sq_line]
    # Nothing before the first event.
    assert h.prev_line(1, 1) is None


def test_old_python_gets_a_clear_message():
    old = '/root/.pyenv/versions/3.8.18/bin/python'
    if not os.path.exists(old):
        pytest.skip('no Python 3.8 here')
    r = subprocess.run([old, bridge_driver.BRIDGE], capture_output=True, text=True)
    assert r.returncode == 3
    assert 'Python 3.9 or newer is required' in r.stderr


def test_bridge_frames_are_never_counted():
    # Every bridge module's code must be in OWN, or the program's prints
    # (which run our write()) would count as program events. The rule is the
    # package: every file of python/ndbg/bridge/, whatever its name.
    from ndbg.bridge import debugger, replay, state, values

    package_dir = os.path.dirname(state.__file__)
    files = {os.path.join(package_dir, f) for f in os.listdir(package_dir) if f.endswith('.py')}
    assert state.OWN == files
    for mod in (bridge_channel, bridge_history, state, values, replay, debugger):
        assert mod.__file__ in state.OWN, mod.__name__
    assert bridge_channel.Channel.text.__code__.co_filename in state.OWN


_STDLIB_NAMES = """\
import os, sys, sysconfig
names = getattr(sys, 'stdlib_module_names', None)
if names is None:  # Python < 3.10: what the standard library directories hold
    lib = sysconfig.get_paths()['stdlib']
    names = {f.split('.')[0] for d in (lib, os.path.join(lib, 'lib-dynload')) if os.path.isdir(d)
             for f in os.listdir(d)}
print(' '.join(set(names) | set(sys.builtin_module_names)))
"""


def stdlib_names(python=sys.executable):
    """The top-level module names of `python`'s standard library."""
    return set(subprocess.run([python, '-c', _STDLIB_NAMES], capture_output=True, text=True, check=True).stdout.split())


def test_bridge_is_stdlib_only():
    # It ships and runs on the user's python3: nothing outside the package
    # and the standard library, and nothing else of ndbg.
    import ast

    package_dir = os.path.join(HERE, '..', 'ndbg', 'bridge')
    stdlib = stdlib_names()
    for f in sorted(os.listdir(package_dir)):
        if not f.endswith('.py'):
            continue
        tree = ast.parse(open(os.path.join(package_dir, f), encoding='utf-8').read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [node.module]
            else:
                continue
            for name in names:
                assert name.split('.')[0] in stdlib, (f, name)


def test_the_program_sees_the_interpreter_as_pdb_leaves_it(tmp_path):
    # sys.path as `python3 -m pdb` gives it (the bridge's directory is not on
    # it: the program cannot import the bridge's modules by name), and every
    # module pdb has loaded; ours are the bridge's package, under its private
    # name, and what it imports of the standard library.
    path = script(
        tmp_path,
        """\
        import sys
        print(repr(sys.path))
        print(' '.join(sorted(sys.modules)))
        """,
    )
    cmds = ['c', 'q']
    ours = bridge_driver.run([path], cmds, cwd=str(tmp_path))
    pdb = subprocess.run(
        [PYTHON, '-m', 'pdb', path], input='\n'.join(cmds) + '\n', capture_output=True, text=True, cwd=str(tmp_path)
    )

    def printed(out):
        lines = [l for l in out.replace('(Pdb) ', '').splitlines() if l.startswith('[') or ' sys ' in l]
        return lines[0], set(lines[1].split())

    our_path, our_modules = printed(ours['stdout'])
    pdb_path, pdb_modules = printed(pdb.stdout)
    assert our_path == pdb_path
    assert pdb_modules - our_modules == set()
    # beyond the standard library modules the bridge itself imports (gc, random)
    extra = {m for m in our_modules - pdb_modules if m.split('.')[0] not in stdlib_names(PYTHON)}
    assert extra and all(m.split('.')[0] == '_ndbg_bridge' for m in extra), sorted(extra)
    assert 'ndbg' not in our_modules  # a program's own `ndbg` package stays its own
