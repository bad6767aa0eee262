"""What counting every trace event costs, against the same loop untraced (`c` through
a loop without breakpoints): sys.settrace with a Python counter, and on 3.12+
sys.monitoring with a Python callback and with a C one (dict.__setitem__, which counts
nothing: the floor of any callback). Prints each as a ratio to the untraced loop.

    python3 bench/counting-cost.py          # any python3 3.9+; run it with each version
"""

import sys
import time


def work():
    total = 0
    for i in range(300_000):
        total += i % 7
    return total


def timed():
    t = time.perf_counter()
    work()
    return time.perf_counter() - t


def best(run, k=3):
    return min(run() for _ in range(k))


class Count:
    n = 0


def count_local(frame, event, arg):
    Count.n += 1
    return count_local


def count_global(frame, event, arg):
    Count.n += 1
    return count_local


def traced():
    sys.settrace(count_global)
    try:
        return timed()
    finally:
        sys.settrace(None)


def monitored(callback):
    m = sys.monitoring
    m.use_tool_id(3, 'ndbg-bench')
    try:
        m.register_callback(3, m.events.LINE, callback)
        m.set_events(3, m.events.LINE)
        return timed()
    finally:
        m.set_events(3, 0)
        m.register_callback(3, m.events.LINE, None)
        m.free_tool_id(3)


def on_line(code, line):
    Count.n += 1


base = best(timed)
print('python %d.%d, untraced loop %.1f ms' % (sys.version_info[:2] + (base * 1000,)))
print('settrace, Python counter      %5.1fx' % (best(traced) / base))
if sys.version_info >= (3, 12):
    print('sys.monitoring, Python callback %5.1fx' % (best(lambda: monitored(on_line)) / base))
    print('sys.monitoring, C callback      %5.1fx' % (best(lambda: monitored({}.__setitem__)) / base))
