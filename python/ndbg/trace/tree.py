"""The state tree of a trace, and where each debugger action leads.

A trace is the event list of `ndbg.trace.tracer.trace_program`. Event `i` is a node; the
events of a call are children of the line event that made the call (`parent`). The
exit (normal / error / never) is a virtual last state with index `len(events)`.

Forward actions follow pdb (CPython's bdb) exactly, including its special cases for
generators; `tests/test_tree.py` checks them against real pdb runs:

- step_into: the next event (pdb `s`).
- step_over: pdb `n`: the next event in the same frame; from a return event, the
  next event anywhere (the caller's). In a generator frame pdb also skips the
  suspension at `yield` and stops when the generator is resumed.
- step_return: pdb `r`: the return event of the current frame (or, from a return
  event, the next event in the caller).
- breakpoint L: pdb `c` with a breakpoint on line L: the first later *line* event on
  line L at any depth (pdb only stops at line events for breakpoints); none: exit.
- continue: the exit.
Inverse actions (no pdb counterpart; the reverse of the forward ones):
- inv_step_into: the previous event.
- inv_step_over: the previous event at the same depth or shallower (skips over the
  events of calls made by the previous line).
- inv_step_call: from a return event, the call event that started this activation
  of the frame (for a generator resumed several times: its latest resumption).
"""

import bisect

FORWARD = ('step_into', 'step_over', 'step_return', 'breakpoint', 'continue')
INVERSE = ('inv_step_into', 'inv_step_over', 'inv_step_call')
ACTIONS = FORWARD + INVERSE


class Trace:
    """Index structures over one trace, and action targets."""

    def __init__(self, events, exit_info=None):
        self.events = events
        self.exit = exit_info or {'kind': 'normal', 'exception': None}
        self.n = len(events)
        n = self.n
        # stack[i]: lines of the frames below event i (outermost first)
        # parent[i]: index of the caller's event that made the current call (-1 at depth 0)
        # call_of[i]: for a return event, the index of the matching call event
        self.stack = [()] * n
        self.parent = [-1] * n
        self.call_of = [-1] * n
        cur_line = []  # by depth: line of the latest event
        cur_index = []  # by depth: index of the latest event
        open_call = {}  # frame serial -> index of its latest call event
        for i, e in enumerate(events):
            d = e['depth']
            del cur_line[d:]
            del cur_index[d:]
            while len(cur_line) < d:  # a frame whose caller is not traced (called from C)
                cur_line.append(0)
                cur_index.append(-1)
            self.stack[i] = tuple(cur_line)
            self.parent[i] = cur_index[d - 1] if d > 0 else -1
            cur_line.append(e['line'])
            cur_index.append(i)
            if e['event'] == 'call':
                open_call[e['frame']] = i
            elif e['event'] == 'return':
                self.call_of[i] = open_call.get(e['frame'], -1)
        self.truncated = self.exit.get('kind') == 'never'
        self.line_events = {}
        self.line_indices = []  # indices of all line events
        self.first_index = {}  # frame serial -> index of its first event
        self.gen_frame = {}  # frame serial -> is a generator frame
        for i, e in enumerate(events):
            if e['event'] == 'line':
                self.line_events.setdefault(e['line'], []).append(i)
                self.line_indices.append(i)
            f = e['frame']
            if f not in self.first_index:
                self.first_index[f] = i
                self.gen_frame[f] = e.get('gen', False)

    # --- states -------------------------------------------------------------

    def output_between(self, i, j):
        """stdout written after state i up to and including state j (j may be the exit)."""
        parts = [self.events[k].get('out', '') for k in range(i + 1, min(j, self.n - 1) + 1)]
        if j >= self.n:
            parts.append(self.exit.get('out', '') or '')
        return ''.join(parts)

    # --- actions ------------------------------------------------------------

    def target(self, i, action, line=None):
        """Index of the state `action` leads to from state i (self.n = the exit), or
        None when the action is impossible there or its target lies beyond the end of
        a truncated ('never') trace."""
        n = self.n
        if i >= n:
            return None
        if action == 'step_into':
            j = i + 1
            while j < n and self.events[j].get('internal'):
                j += 1
        elif action == 'step_over':
            j = self._bdb(i, 'next')
        elif action == 'step_return':
            j = self._bdb(i, 'return')
        elif action == 'breakpoint':
            hits = self.line_events.get(line, ())
            k = bisect.bisect_right(hits, i)
            j = hits[k] if k < len(hits) else n
        elif action == 'continue':
            j = n
        elif action == 'inv_step_into':
            j = i - 1
            while j >= 0 and self.events[j].get('internal'):
                j -= 1
            if j < 0:
                j = None
        elif action == 'inv_step_over':
            d = self.events[i]['depth']
            j = None
            for k in range(i - 1, -1, -1):
                if self.events[k]['depth'] <= d:
                    j = k
                    break
        elif action == 'inv_step_call':
            j = self.call_of[i] if self.events[i]['event'] == 'return' else None
            if j is not None and j < 0:
                j = None
        else:
            raise ValueError('unknown action %r' % action)
        if j is None:
            return None
        if j >= n and self.truncated and action not in ('continue', 'breakpoint'):
            return None  # the recorded trace ends before the target: unknown
        return j

    def _bdb(self, i, command):
        """Simulate bdb after `n` / `r` at event i: the index where it stops next."""
        ev = self.events
        e = ev[i]
        frame = e['frame']
        gen = e.get('gen', False)
        # bdb's stop info: stopframe (a frame serial, or None = stop anywhere), returnframe, stoplineno
        if command == 'next':
            stopframe, returnframe, stoplineno = frame, None, 0
        else:  # return
            if gen:
                stopframe, returnframe, stoplineno = frame, None, -1
            else:
                caller = ev[self.parent[i]]['frame'] if self.parent[i] >= 0 else 'bottom'
                stopframe, returnframe, stoplineno = caller, frame, 0
        if e['event'] == 'return':
            # after user_return: "the user issued a 'next' or 'until' command"
            if stopframe == frame and stoplineno != -1:
                stopframe, returnframe, stoplineno = None, None, 0
        # frames whose events bdb sees: every frame alive at i was entered by stepping
        # (pdb reached i with `s`), so it is traced; new frames only when stop_here at their call
        first = self.first_index
        traced = set()  # frames first seen after i that bdb traces

        def stop_here(f):
            if f == stopframe:
                if stoplineno == -1:
                    return False
                return True  # f_lineno >= 0
            return stopframe is None

        for k in range(i + 1, self.n):
            x = ev[k]
            f = x['frame']
            kind = x['event']
            xgen = x.get('gen', False)
            seen = first[f] <= i or f in traced
            if kind == 'call':
                if seen:
                    pass  # a resumed generator that keeps its trace function
                elif stop_here(f):
                    traced.add(f)
                else:
                    continue
                if not stop_here(f):
                    continue
                if stopframe is not None and xgen:
                    continue  # "ignore call events in generator except when stepping"
                return k
            if not seen:
                continue
            if kind == 'line':
                if stop_here(f):
                    return k
            elif kind == 'return':
                if stop_here(f) or f == returnframe:
                    if stopframe is not None and xgen:
                        continue
                    return k
            elif kind == 'exception':
                if stop_here(f):
                    if not x.get('internal'):
                        return k
                elif (
                    stopframe is not None
                    and f != stopframe
                    and self.gen_frame.get(stopframe, False)
                    and x.get('exception', '').split(':')[0] in ('StopIteration', 'GeneratorExit')
                ):
                    return k
        return self.n

    def random_future_line(self, i, rng):
        """The line of a random later line event (lines run often are chosen often),
        or None when no line event follows i."""
        k = bisect.bisect_right(self.line_indices, i)
        if k >= len(self.line_indices):
            return None
        return self.events[self.line_indices[rng.randrange(k, len(self.line_indices))]]['line']


# --- trajectories -------------------------------------------------------------

# Action policies (the paper's Table A.1). Policy A's remaining 0.2 goes to the
# inverse actions. Impossible actions (inv_step_call away from a return event, any
# inverse action at the first event, a target beyond a truncated trace) are resampled.
POLICY_A = (
    ('step_into', 0.35),
    ('step_over', 0.10),
    ('step_return', 0.20),
    ('breakpoint', 0.10),
    ('continue', 0.05),
    ('inv_step_into', 0.08),
    ('inv_step_over', 0.05),
    ('inv_step_call', 0.07),
)
POLICY_B = (('step_into', 0.5), ('step_over', 0.5))
BREAKPOINT_HIT = 0.8
# Input prediction (inv_step_call) is only possible at return events, which are few:
# under policy A a return event is followed by inv_step_call this often (else the
# policy draws as usual).
INV_CALL_AT_RETURN = 0.25  # breakpoints on a line that is hit later; otherwise any code line


def _choose(rng, policy):
    x = rng.random()
    acc = 0.0
    for name, p in policy:
        acc += p
        if x < acc:
            return name
    return policy[-1][0]


def code_lines(source):
    """Lines that hold code (pdb accepts breakpoints there): not blank, not comments."""
    result = []
    for k, text in enumerate(source.split('\n'), 1):
        s = text.strip()
        if s and not s.startswith('#'):
            result.append(k)
    return result


def sample_segment(trace, rng, policy, start, max_steps, lines):
    """One trajectory from event `start`: [(action, arg, target index)], ending at the
    exit, after `max_steps` steps, or when no action is possible."""
    steps = []
    i = start
    while len(steps) < max_steps and i < trace.n:
        at_return = trace.events[i]['event'] == 'return'
        for _attempt in range(20):
            if policy is POLICY_A and at_return and _attempt == 0 and rng.random() < INV_CALL_AT_RETURN:
                action = 'inv_step_call'
            else:
                action = _choose(rng, policy)
            arg = None
            if action == 'breakpoint':
                future = trace.random_future_line(i, rng)
                if future is not None and rng.random() < BREAKPOINT_HIT:
                    arg = future
                elif lines:
                    arg = rng.choice(lines)
                else:
                    continue
            j = trace.target(i, action, arg)
            if j is not None:
                break
        else:
            return steps
        steps.append((action, arg, j))
        i = j
    return steps


def iter_segments(trace, rng, source, segment_steps=48, max_failures=24):
    """Segments {'start', 'policy', 'steps'} without end (stops after `max_failures`
    draws in a row yield no step). Each segment starts at the first event (half the
    time) or a random one. The policy is the one with fewer steps so far (a coin flip
    when equal), so that each policy drives half of all steps: policy A's
    trajectories end early (continue, step_return at top level), so choosing per
    trajectory would leave its actions rare."""
    if trace.n == 0:
        return
    lines = code_lines(source)
    done = {'A': 0, 'B': 0}
    failures = 0
    while failures < max_failures:
        if done['A'] == done['B']:
            name = 'A' if rng.random() < 0.5 else 'B'
        else:
            name = 'A' if done['A'] < done['B'] else 'B'
        policy = POLICY_A if name == 'A' else POLICY_B
        start = 0 if rng.random() < 0.5 else rng.randrange(trace.n)
        steps = sample_segment(trace, rng, policy, start, segment_steps, lines)
        if not steps:
            failures += 1
            continue
        failures = 0
        done[name] += len(steps)
        yield {'start': start, 'policy': name, 'steps': steps}


def sample_trajectories(trace, rng, source, max_steps=256, segment_steps=48, max_segments=12):
    """Segments for one program: about `max_steps` steps in all (see iter_segments)."""
    segments = []
    total = 0
    for seg in iter_segments(trace, rng, source, segment_steps):
        if total + len(seg['steps']) > max_steps:
            seg['steps'] = seg['steps'][: max_steps - total]
        segments.append(seg)
        total += len(seg['steps'])
        if total >= max_steps or len(segments) >= max_segments:
            break
    return segments


def segment_states(trace, segment):
    """The States of a segment: (initial state, [(action, arg, state)])."""
    from .format import state_from_event

    i = segment['start']
    first = state_from_event(trace, i)
    out = []
    for action, arg, j in segment['steps']:
        stdout = trace.output_between(i, j) if j > i else ''
        out.append((action, arg, state_from_event(trace, j, stdout)))
        i = j
    return first, out
