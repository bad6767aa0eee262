"""Every forward action against real pdb, every inverse action against its definition."""

import pytest

from ndbg.trace.tracer import trace_program
from ndbg.trace.tree import Trace, code_lines

from compat_check import s_chain
from pdb_driver import pdb_stops
from trace_programs import PROGRAMS


def as_stop(trace, j):
    if j >= trace.n:
        return ('exit',)
    e = trace.events[j]
    return (e['event'], e['line'], e['func'], e['depth'], e['locals'])


@pytest.fixture(scope='module', params=sorted(PROGRAMS))
def program(request):
    source = PROGRAMS[request.param]
    t = trace_program(source)
    return source, Trace(t['events'], t['exit'])


def test_step_into_is_pdb_s(program):
    source, trace = program
    chain = s_chain(trace)
    stops = pdb_stops(source, ['s'] * (len(chain) + 2))
    expected = [as_stop(trace, j) for j in chain] + [('exit',)]
    assert stops[: len(expected)] == expected
    # every event is a stop of `s`, except "internal StopIteration" ones
    assert set(chain) == {i for i in range(trace.n) if not trace.events[i].get('internal')}


@pytest.mark.parametrize('action,cmd', [('step_over', 'n'), ('step_return', 'r'), ('continue', 'c')])
def test_forward_actions_are_pdb(program, action, cmd):
    # state i is reached with p `s` commands, then the action is pdb's command
    source, trace = program
    for p, i in enumerate(s_chain(trace)):
        j = trace.target(i, action)
        stops = pdb_stops(source, ['s'] * p + [cmd])
        assert stops[p] == as_stop(trace, i)
        assert stops[p + 1] == as_stop(trace, j), (action, i, trace.events[i])


def test_breakpoint_is_pdb(program):
    source, trace = program
    chain = s_chain(trace)
    for p in range(0, len(chain), 3):
        i = chain[p]
        for line in code_lines(source):
            j = trace.target(i, 'breakpoint', line)
            stops = pdb_stops(source, ['s'] * p + ['b %d' % line])
            assert stops[p + 1] == as_stop(trace, j), (line, i, trace.events[i])


def test_inverse_actions(program):
    _, trace = program
    ev = trace.events
    for i in range(trace.n):
        # inv_step_into undoes step_into
        j = trace.target(i, 'inv_step_into')
        if j is not None:
            assert trace.target(j, 'step_into') == i or ev[i].get('internal')
        else:
            assert all(e.get('internal') for e in ev[:i])
        # inv_step_over: the latest earlier event at the same depth or shallower
        j = trace.target(i, 'inv_step_over')
        if j is not None:
            assert ev[j]['depth'] <= ev[i]['depth']
            assert all(ev[k]['depth'] > ev[i]['depth'] for k in range(j + 1, i))
        # inv_step_call: from a return event to the call that started the activation
        j = trace.target(i, 'inv_step_call')
        if ev[i]['event'] == 'return' and ev[i]['func'] == '<module>':
            assert j is None  # the module's call event is not recorded
        elif ev[i]['event'] == 'return':
            assert j is not None and ev[j]['event'] == 'call'
            assert ev[j]['frame'] == ev[i]['frame'] and ev[j]['depth'] == ev[i]['depth']
            assert ev[j]['func'] == ev[i]['func']
        else:
            assert j is None


def test_step_over_inverts_step_over_in_a_frame(program):
    # from a line event, step_over then inv_step_over comes back (same frame, no jumps)
    _, trace = program
    for i in range(trace.n):
        if trace.events[i]['event'] != 'line' or trace.events[i].get('gen'):
            continue
        j = trace.target(i, 'step_over')
        if j is None or j >= trace.n or trace.events[j]['event'] != 'line':
            continue
        assert trace.target(j, 'inv_step_over') == i


def test_stack_and_parent(program):
    _, trace = program
    for i, e in enumerate(trace.events):
        assert len(trace.stack[i]) == e['depth']
        p = trace.parent[i]
        if e['depth'] == 0:
            assert p == -1
        else:
            assert trace.events[p]['depth'] == e['depth'] - 1
            assert trace.stack[i][-1] == trace.events[p]['line']


def test_generated_programs_against_pdb():
    # the bdb simulation on realistic code: random states and actions of generated programs
    import random

    gen = pytest.importorskip('ndbg.gen.generator')
    checked = 0
    for k in range(60):
        p = gen.generate(random.Random(k))
        if p.stdin:
            continue
        r = trace_program(p.source)
        if r['exit']['kind'] == 'never' or len(r['events']) > 300:
            continue
        trace = Trace(r['events'], r['exit'])
        chain = s_chain(trace)
        rng = random.Random(k)
        for _ in range(5):
            pos = rng.randrange(len(chain))
            i = chain[pos]
            cmd = rng.choice(['n', 'r', 'c', 'b'])
            if cmd == 'b':
                line = rng.choice(code_lines(p.source))
                got = pdb_stops(p.source, ['s'] * pos + ['b %d' % line])
                want = as_stop(trace, trace.target(i, 'breakpoint', line))
            else:
                action = {'n': 'step_over', 'r': 'step_return', 'c': 'continue'}[cmd]
                got = pdb_stops(p.source, ['s'] * pos + [cmd])
                want = as_stop(trace, trace.target(i, action))
            assert got[pos] == as_stop(trace, i)
            assert got[pos + 1] == want, (k, cmd, i)
            checked += 1
    assert checked > 100


def _cli_stops(path, commands):
    """Stops printed by `python -m pdb path` fed `commands`: (marker, line, func)."""
    import re
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, '-m', 'pdb', path],
        input='\n'.join(commands + ['q']) + '\n',
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    stops = []
    marker = 'line'
    for text in out.replace('(Pdb) ', '\n').split('\n'):
        if text.startswith('--Call--'):
            marker = 'call'
        elif text.startswith('--Return--'):
            marker = 'return'
        elif text.startswith('> ' + path):
            m = re.match(r'> .*\((\d+)\)(.*?)\(\)', text)
            stops.append((marker, int(m.group(1)), m.group(2)))
            marker = 'line'
        elif text.startswith('The program finished'):
            stops.append(('exit',))
    return stops


@pytest.mark.parametrize(
    'commands',
    [
        ['s'] * 12,
        ['s', 's', 's', 's', 'n', 'n', 'n'],
        ['s'] * 4 + ['r', 'n', 'n'],
        ['s', 's', 's', 'b 2', 'c', 'c'],
        ['n'] * 9,
    ],
)
def test_in_process_driver_agrees_with_pdb_cli(tmp_path, commands):
    # the tests drive pdb.Pdb in process; the real `python -m pdb` stops at the same places
    source = PROGRAMS['calls_gen_exc'].replace(
        'try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    print("caught")\n', ''
    )
    path = str(tmp_path / 'prog.py')
    with open(path, 'w') as f:
        f.write(source)
    cli = _cli_stops(path, commands)
    cmds = []
    for c in commands:  # the CLI's `b L` then `c` is the driver's 'b L'
        if c == 'c' and cmds and cmds[-1].startswith('b ') and not cmds[-1].endswith('!'):
            cmds[-1] += '!'
            continue
        cmds.append(c)
    cmds = [c.rstrip('!') for c in cmds]
    inproc = [s[:1] if s == ('exit',) else (s[0], s[1], s[2]) for s in pdb_stops(source, cmds)]
    n = min(len(cli), len(inproc))  # (the CLI restarts the program after its end)
    assert n >= 4
    assert cli[:n] == inproc[:n]
