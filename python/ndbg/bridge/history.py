"""Event history of one run, recorded during a replay, and the reverse-
execution targets computed from it. Pure data: no tracing, no I/O.

Events are numbered from 1 in the order the trace function sees them (every
call / line / return / exception event of every frame of the program's own
code, see debugger.py; library code (state.py library) and debugger code the
program calls, like breakpoint(), are left out). A frame *activation* gets a serial number at its call event (a
generator gets a new one each time it is resumed); its parent is the
activation that was running when it was called.
"""

CALL, LINE, RETURN, EXCEPTION = 0, 1, 2, 3
KIND = {'call': CALL, 'line': LINE, 'return': RETURN, 'exception': EXCEPTION}


class History:
    def __init__(self):
        # Index 0 is a dummy so that event n lives at index n.
        self.kinds = bytearray(b'\xff')
        self.sers = [-1]
        self.codes = [None]
        self.lines = [0]
        self.parent = []  # serial -> parent serial (-1: none)
        self.callidx = []  # serial -> index of its call event
        self._live = {}  # frame -> serial, for frames not yet returned

    def __len__(self):
        return len(self.kinds) - 1

    def add(self, frame, event):
        kind = KIND.get(event)
        if kind is None:
            return
        live = self._live
        if kind == CALL:
            ser = len(self.parent)
            back = frame.f_back
            while back is not None and back not in live:
                back = back.f_back
            self.parent.append(live[back] if back is not None else -1)
            self.callidx.append(len(self.kinds))
            live[frame] = ser
        elif kind == RETURN:
            ser = live.pop(frame, -1)
        else:
            ser = live.get(frame, -1)
        self.kinds.append(kind)
        self.sers.append(ser)
        self.codes.append(frame.f_code)
        self.lines.append(frame.f_lineno)

    def finish(self):
        """Stop holding frames (recording is over)."""
        self._live = {}

    def truncate(self, n):
        """Keep events 1..n (later ones may differ after a state edit)."""
        if n < len(self):
            del self.kinds[n + 1 :]
            del self.sers[n + 1 :]
            del self.codes[n + 1 :]
            del self.lines[n + 1 :]

    # ---- frames -------------------------------------------------------
    def ancestor(self, ser, levels):
        while levels > 0 and ser >= 0:
            ser = self.parent[ser]
            levels -= 1
        return ser

    def last_exception_serial(self, key, before):
        """Post-mortem: the activation of code `key` (file, firstlineno,
        name) that raised last, i.e. the innermost traceback frame."""
        for j in range(min(before, len(self)), 0, -1):
            if self.kinds[j] == EXCEPTION and code_key(self.codes[j]) == key:
                return self.sers[j]
        return -1

    # ---- targets ------------------------------------------------------
    def prev_line(self, c, first):
        """reverse-step: the latest line event before c, in any frame."""
        kinds = self.kinds
        for j in range(min(c, len(self) + 1) - 1, first - 1, -1):
            if kinds[j] == LINE:
                return j
        return None

    def prev_line_in(self, c, ser, first):
        """reverse-next: the latest line event before c in activation `ser`;
        reaching the activation's call goes on in its caller (so stepping
        back from a function's first line lands on the line that called it),
        and callees' events are skipped."""
        kinds, sers = self.kinds, self.sers
        j = min(c, len(self) + 1) - 1
        while ser >= 0 and j >= first:
            start = self.callidx[ser]
            while j > start and j >= first:
                if sers[j] == ser and kinds[j] == LINE:
                    return j
                j -= 1
            ser = self.parent[ser]
        return None

    def call_of(self, c, ser, first):
        """reverse-finish: the call event of activation `ser` (of its caller
        when already standing on that call)."""
        while ser >= 0:
            idx = self.callidx[ser]
            if idx < c:
                return idx if idx >= first else None
            ser = self.parent[ser]
        return None

    def prev_breakpoint(self, c, first, match):
        """reverse-continue: the latest line event before c that `match`es a
        breakpoint location, else the first stop of the run."""
        kinds, codes, lines, sers = self.kinds, self.codes, self.lines, self.sers
        for j in range(min(c, len(self) + 1) - 1, first - 1, -1):
            if kinds[j] == LINE:
                first_line = kinds[j - 1] == CALL and sers[j - 1] == sers[j]
                if match(codes[j], lines[j], first_line):
                    return j
        return first if first < c else None


def code_key(code):
    return (code.co_filename, code.co_firstlineno, code.co_name)
