"""The bridge's one ordered channel to ndbg (TypeScript), and the stream
objects that replace sys.stdout / sys.stderr / sys.stdin in the debuggee.

Wire format (see docs/json.md, "bridge protocol"):
  child -> ndbg, fd OUT: one JSON object per line, {"t": kind, ...}
  ndbg -> child, fd IN : one line per message, first byte is the tag:
      L<text>   a line (a command for pdb, or a line for the debuggee's stdin)
      P<text>   the debuggee's last stdin line, without a newline
      E         end of input
      R<kind>   a reverse-execution request (step | next | continue | finish)
      I<kind>\t<frame>\t<start>\t<count>\t<expr>
                an inspection at the prompt (e: evaluate, c: children),
                answered by one {"t": "v"} frame (inspection.py)

Everything here may run *inside the debuggee's own calls* (print -> write), so
it must only call builtins and functions of the bridge's own files (whose
frames are never traced): a Python-level stdlib call here would show up as
trace events of the program and change what pdb and the event counter see.
"""

import _thread
import io
import os

_ESC = None


def _escapes():
    """The table for JSON string escaping with str.translate (C speed, no Python
    frames). Built when first needed: its 2,000 entries are most of what
    importing this module costs, on the way to the first prompt."""
    global _ESC
    esc = {i: '\\u%04x' % i for i in range(0x20)}
    esc.update({0x22: '\\"', 0x5C: '\\\\', 0x0A: '\\n', 0x0D: '\\r', 0x09: '\\t'})
    for i in range(0xD800, 0xE000):  # lone surrogates: keep them, escaped
        esc[i] = '\\u%04x' % i
    _ESC = esc
    return esc


# Bytes that need no JSON escape beyond newline, quote and backslash.
_PLAIN = bytes(range(0x20, 0x7F)) + b'\n'


def jstr(s):
    # Most text needs only these three escapes, and str.replace runs at memory
    # speed; str.translate falls off its fast path at the first escape that is
    # two characters long ("\\n") and costs ~100 ns a character from there.
    t = s.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n')
    if t.isprintable():  # no other control character, no lone surrogate
        return '"' + t + '"'
    return '"' + s.translate(_ESC or _escapes()) + '"'


def jenc(v):
    """A minimal JSON encoder (the json module would be an extra import the
    debuggee could observe, e.g. when stepping into its own `import json`)."""
    if v is None:
        return 'null'
    if v is True:
        return 'true'
    if v is False:
        return 'false'
    t = type(v)
    if t is str:
        return jstr(v)
    if t is int:
        return str(v)
    if t is float:
        return repr(v)
    if t is dict:
        return '{' + ','.join(jstr(k) + ':' + jenc(x) for k, x in v.items()) + '}'
    if t is list or t is tuple:
        return '[' + ','.join(jenc(x) for x in v) + ']'
    return jstr(str(v))


class Channel:
    """Frames out on one fd, tagged lines in on another. Output text is
    coalesced per stream and sent when a write ends a line (or at 8 KiB), so
    a print() costs one frame; pending text always goes before any other
    frame, so order is kept. `kind`, while set, says what the debugger text
    written now is ('error', 'location'): it travels as the frame's "k"."""

    def __init__(self, fd_out, fd_in):
        self.fd_out = fd_out
        self.fd_in = fd_in
        self._muted = False
        # Set when the program's stdout buffers in C (block_stdout): flushes
        # it, so that what it holds goes before anything sent after it.
        self.before = None
        # The program's threads may print at the same time. Reentrant: a
        # SIGINT handler (pdb's) may print while this thread holds it. A C
        # lock, so taking it makes no Python frames.
        self._lock = _thread.RLock()
        self._rbuf = b''
        self._text = []
        self._text_stream = None
        self._text_kind = None
        self._text_len = 0
        self.kind = None

    def _send_raw(self, data):
        view = memoryview(data)
        while view:
            n = os.write(self.fd_out, view)
            view = view[n:]

    @property
    def muted(self):
        return self._muted

    @muted.setter
    def muted(self, value):
        # What the program's stdout holds was written before: it is shown or
        # dropped as the channel was when it was written.
        if self.before is not None:
            self.before()
        self._muted = value

    def flush_text(self):
        if self.before is not None:
            self.before()
        with self._lock:
            self._flush_text()

    def _flush_text(self):
        if self._text:
            data = ''.join(self._text)
            stream = self._text_stream
            kind = ',"k":' + jstr(self._text_kind) if self._text_kind else ''
            self._text = []
            self._text_len = 0
            self._send_raw(
                ('{"t":"o","s":' + jstr(stream) + kind + ',"d":' + jstr(data) + '}\n').encode('utf-8', 'surrogatepass')
            )

    def text(self, stream, data):
        if self.before is not None:
            self.before()
        if self._muted or not data:
            return
        kind = self.kind if stream == 'debugger' else None
        with self._lock:
            if self._text_stream != stream or self._text_kind != kind:
                self._flush_text()
                self._text_stream = stream
                self._text_kind = kind
            self._text.append(data)
            self._text_len += len(data)
            if data[-1] == '\n' or self._text_len > 8192:
                self._flush_text()

    def chunk(self, stream, data):
        """A block of the program's buffered stdout (block_stdout), as bytes: sent now."""
        if self._muted or not data:
            return
        if data.isascii() and not data.translate(None, _PLAIN):
            # Printable ASCII and newlines: escaped as bytes, no decoding.
            d = data.replace(b'\\', b'\\\\').replace(b'"', b'\\"').replace(b'\n', b'\\n')
            frame = b'{"t":"o","s":"' + stream.encode() + b'","d":"' + d + b'"}\n'
            with self._lock:
                self._flush_text()
                self._send_raw(frame)
            return
        with self._lock:
            if self._text_stream != stream or self._text_kind is not None:
                self._flush_text()
                self._text_stream = stream
                self._text_kind = None
            # Wire form, as OutStream.write makes it.
            self._text.append(data.decode('utf-8', 'surrogateescape'))
            self._flush_text()

    def send(self, obj):
        """Send one non-text message (text pending before it goes first)."""
        if self.before is not None:
            self.before()
        data = (jenc(obj) + '\n').encode('utf-8', 'surrogatepass')
        with self._lock:
            self._flush_text()
            self._send_raw(data)

    def read_message(self):
        """Block for the next inbound line; return (tag, text). EOF -> ('E', '')."""
        while b'\n' not in self._rbuf:
            try:
                chunk = os.read(self.fd_in, 65536)
            except InterruptedError:  # pragma: no cover (PEP 475 retries)
                continue
            if not chunk:
                if self._rbuf:
                    line, self._rbuf = self._rbuf, b''
                    break
                return 'E', ''
            self._rbuf += chunk
        else:
            line, _, self._rbuf = self._rbuf.partition(b'\n')
        text = line.decode('utf-8', 'surrogateescape')
        return text[:1] or 'E', text[1:]


class OutStream(io.TextIOBase):
    """sys.stdout / sys.stderr / pdb's stdout. `stream` names the channel
    stream; `stream_fn` (optional) picks it per write (pdb.main's own prints
    go through sys.stdout but are debugger text, not program output)."""

    # Prompts cmd.Cmd writes right before reading a command line: held back
    # and sent as a "prompt" message instead of text.
    PROMPTS = ('(Pdb) ', '(com) ', '... ')

    def __init__(self, channel, stream, real, stream_fn=None, hold_prompts=False):
        self._ch = channel
        self._stream = stream
        self._real = real
        self._stream_fn = stream_fn
        self._hold = hold_prompts
        self.pending_prompt = None

    # File-like attributes programs commonly look at.
    @property
    def encoding(self):
        return getattr(self._real, 'encoding', None) or 'utf-8'

    @property
    def errors(self):
        return getattr(self._real, 'errors', None) or 'strict'

    @property
    def name(self):
        return getattr(self._real, 'name', '<%s>' % self._stream)

    @property
    def buffer(self):
        return _BufferShim(self)

    def fileno(self):
        # The real fd: programs that write to it directly (subprocesses, C
        # code) reach ndbg's raw stdout/stderr pipe instead of the channel.
        if self._real is None:
            raise io.UnsupportedOperation('fileno')
        return self._real.fileno()

    def isatty(self):
        return False

    def writable(self):
        return True

    def write(self, s):
        if type(s) is not str:
            if not isinstance(s, str):
                raise TypeError('write() argument must be str, not %s' % type(s).__name__)
            s = str.__str__(s)
        # Encoded as the real stream would (its encoding and error handler: a
        # lone surrogate fails, latin-1 writes one byte per character), and sent
        # as those bytes read back as UTF-8 with surrogateescape: ndbg writes the
        # very bytes the real stream would have (src/repl/bytes.ts).
        n = len(s)
        if not s.isascii():
            s = s.encode(self.encoding, self.errors).decode('utf-8', 'surrogateescape')
        self.send_wire(s)
        return n

    def send_wire(self, s):
        """Send text already in wire form (bytes as UTF-8 + surrogateescape)."""
        if self.pending_prompt is not None:
            p = self.pending_prompt
            self.pending_prompt = None
            self._ch.text(self._where(), p)
        if self._hold and s in self.PROMPTS:
            self.pending_prompt = s
            return len(s)
        self._ch.text(self._where(), s)
        return len(s)

    def _where(self):
        fn = self._stream_fn
        return fn() if fn is not None else self._stream

    def take_prompt(self):
        p = self.pending_prompt
        self.pending_prompt = None
        return p

    def flush(self):
        # print(..., flush=True): the text goes out now, as with a real pipe.
        # (cmd.Cmd flushes after its prompt, which stays held back.)
        self._ch.flush_text()


class _BufferShim:
    """sys.stdout.buffer: bytes in, sent as they are (wire form, see write)."""

    def __init__(self, out):
        self._out = out

    def write(self, b):
        # the bytes themselves, whatever they are (undecodable ones surrogate-escaped)
        self._out.send_wire(bytes(b).decode('utf-8', 'surrogateescape'))
        return len(b)

    def flush(self):
        pass


class InStream(io.TextIOBase):
    """sys.stdin of the debuggee: each line is asked from ndbg (an "input"
    message); `source` may serve recorded lines instead (replay)."""

    def __init__(self, channel, real, source):
        self._ch = channel
        self._real = real
        self._source = source  # callable() -> str ('' at EOF)
        self._buf = ''
        self._eof = False

    @property
    def encoding(self):
        return getattr(self._real, 'encoding', None) or 'utf-8'

    @property
    def name(self):
        return '<stdin>'

    def isatty(self):
        return False

    def readable(self):
        return True

    def fileno(self):
        if self._real is None:
            raise io.UnsupportedOperation('fileno')
        return self._real.fileno()

    def _fill(self):
        if self._eof:
            return False
        line = self._source()
        if not line:
            self._eof = True
            return False
        self._buf += line
        return True

    def readline(self, size=-1):
        if size is None:
            size = -1
        while '\n' not in self._buf and (size < 0 or len(self._buf) < size):
            if not self._fill():
                break
        end = self._buf.find('\n') + 1 or len(self._buf)
        if 0 <= size < end:
            end = size
        line, self._buf = self._buf[:end], self._buf[end:]
        return line

    def read(self, size=-1):
        if size is None:
            size = -1
        while size < 0 or len(self._buf) < size:
            if not self._fill():
                break
        if size < 0:
            data, self._buf = self._buf, ''
        else:
            data, self._buf = self._buf[:size], self._buf[size:]
        return data

    def readlines(self, hint=-1):
        lines = []
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)

    def reset_eof(self):
        """A new run of the program reads on from where stdin is now."""
        self._eof = False
        self._buf = ''


class RawChannelWriter(io.RawIOBase):
    """The raw layer under block_stdout's buffers: each block they flush goes
    out as one text frame, on the stream `stream_fn` names at that moment."""

    def __init__(self, channel, real, stream_fn):
        self._ch = channel
        self._real = real
        self._stream_fn = stream_fn

    @property
    def name(self):
        return getattr(self._real, 'name', '<stdout>')

    @property
    def mode(self):
        return 'wb'

    def fileno(self):
        if self._real is None:
            raise io.UnsupportedOperation('fileno')
        return self._real.fileno()

    def isatty(self):
        return False

    def writable(self):
        return True

    def write(self, b):
        # Bytes as the real stream's encoding made them (OutStream.write).
        n = len(b)
        self._ch.chunk(self._stream_fn(), bytes(b))
        return n


RawChannelWriter.__module__, RawChannelWriter.__name__, RawChannelWriter.__qualname__ = '_io', 'FileIO', 'FileIO'
# Blocks of this size reach ndbg: one frame, not one per line.
BLOCK = 1 << 16


def block_stdout(channel, real, stream_fn):
    """The program's sys.stdout when its real one would be block-buffered (ndbg
    writes to a pipe or a file and prints the text as it is: line mode): Python's
    own text and buffered layers, as `python3 -m pdb` has them, so a print()
    runs in C and ndbg gets a frame per block. Whatever goes to the channel
    after it flushes it first (Channel.before), so order is kept. A block is
    labelled when it goes: text the program leaves in the buffer as its run
    ends goes with pdb's message after it ("The program finished ..."), as the
    debugger's; line mode prints both to stdout alike."""
    raw = RawChannelWriter(channel, real, stream_fn)
    out = io.TextIOWrapper(
        io.BufferedWriter(raw, BLOCK),
        encoding=getattr(real, 'encoding', None) or 'utf-8',
        errors=getattr(real, 'errors', None) or 'strict',
        newline=None if os.name == 'nt' else '\n',
        line_buffering=bool(getattr(real, 'line_buffering', False)),
        write_through=bool(getattr(real, 'write_through', False)),
    )
    out.mode = 'w'

    def flush():
        try:
            out.flush()
        except (RuntimeError, ValueError, OSError):
            # reentrant (a signal handler's print inside a flush), closed by
            # the program, or gone: the next flush takes it
            pass

    channel.before = flush
    return out


def _as_text_file(cls, mode):
    """What the program sees of a stream ndbg gives it, named as Python's own:
    type(sys.stdout) is shown as `_io.TextIOWrapper` and its repr as the real
    one's (`<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>`), as
    under pdb. (An identity check against io.TextIOWrapper still tells them apart.)"""
    cls.__module__, cls.__name__, cls.__qualname__ = '_io', 'TextIOWrapper', 'TextIOWrapper'
    cls.mode = mode
    cls.__repr__ = lambda self: '<_io.TextIOWrapper name=%r mode=%r encoding=%r>' % (self.name, mode, self.encoding)


_as_text_file(OutStream, 'w')
_as_text_file(InStream, 'r')


class CommandReader:
    """pdb's self.stdin: cmd.Cmd (use_rawinput = 0) writes the prompt to pdb's
    stdout, then calls readline() here. `on_read` turns the inbound message
    into the line cmd.Cmd sees."""

    def __init__(self, on_read):
        self._on_read = on_read

    def readline(self):
        return self._on_read()

    def isatty(self):
        return False
