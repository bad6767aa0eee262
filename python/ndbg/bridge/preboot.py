"""A bridge started before ndbg's Node process is up (bin/ndbg, the launcher).

The launcher starts `python3 -m pdb` in the background with NDBG_BRIDGE set to
`--preboot=SOCKET` and then becomes Node (exec), so Python's start-up runs
beside Node's instead of after it. Once the bridge has imported what it needs,
it connects to the Unix socket Node listens on and asks what to run; Node
answers with the options and pdb arguments it would have started a bridge
with. The protocol (docs/architecture.md, "Start-up"):

  four connections, each opened with one byte naming it:
    c  the channel: Node writes one line, the bridge's options (NDBG_BRIDGE's
       words but the fds), a tab, and pdb's arguments, each as the hex of its
       UTF-8 bytes, space-separated; then the channel's usual traffic (channel.py)
    o  the program's stdout (fd 1)        e  its stderr (fd 2)
    w  the watchdog: never written; its end means Node is gone

Only the process that is this one's parent (the launcher, now Node) is
accepted as the listener (SO_PEERCRED), so nobody else's socket at that path
can take the session. Linux only: the launcher starts no preboot elsewhere.
"""

import _socket
import os
import signal
import struct
import sys
import time

WAIT_S = 60.0


def _fail(msg):
    os.write(2, ('ndbg: %s\n' % msg).encode())
    os._exit(1)


def detach():
    """What Node's spawn (detached, default signal dispositions) gives a bridge,
    for one that a shell started in the background: its own process group, so
    that a terminal's Ctrl-C reaches ndbg only, and SIGINT / SIGQUIT back to
    their defaults (a shell's background job starts with them ignored)."""
    try:
        os.setpgid(0, 0)
    except OSError:
        pass
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGQUIT) is signal.SIG_IGN:
        signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def _connect(path, parent, role):
    deadline = time.monotonic() + WAIT_S
    while True:
        s = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
        try:
            s.connect(path)
            break
        except (FileNotFoundError, ConnectionRefusedError):
            s.close()
            # Node not listening yet; give up once it is gone (this process
            # then has another parent) or after WAIT_S
            if os.getppid() != parent or time.monotonic() > deadline:
                os._exit(0)
            time.sleep(0.002)
    size = struct.calcsize('3i')
    pid, uid, _ = struct.unpack('3i', s.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, size))
    if pid != parent or uid != os.getuid():
        _fail('the socket %s is not ndbg\'s (pid %d, uid %d): not starting' % (path, pid, uid))
    s.sendall(role)
    return s


def _read_line(s):
    buf = b''
    while not buf.endswith(b'\n'):
        chunk = s.recv(4096)
        if not chunk:
            os._exit(0)  # Node went away without a job (it started the session otherwise)
        buf += chunk
    return buf


def join(path):
    """Connect, take the job and put it in place: fds 1 and 2 become the
    program's output to Node, sys.argv pdb's arguments. Returns the bridge's
    option list (as NDBG_BRIDGE would give it, with the channel's fds)."""
    parent = os.getppid()
    ch = _connect(path, parent, b'c')
    options, _, args = _read_line(ch)[:-1].decode('ascii').partition('\t')
    argv = [bytes.fromhex(a).decode('utf-8', 'surrogateescape') for a in args.split()]
    out = _connect(path, parent, b'o')
    err = _connect(path, parent, b'e')
    watch = _connect(path, parent, b'w')
    # Whatever was written so far is flushed where it was going; from now on
    # fds 1 and 2 are Node's, as with a spawned bridge (pipes there, sockets here).
    for f in (sys.stdout, sys.stderr):
        try:
            f.flush()
        except (OSError, ValueError):
            pass
    for s, fd in ((out, 1), (err, 2)):
        os.dup2(s.fileno(), fd)
        s.close()
    # A spawned bridge's stdout is a pipe: block-buffered, unless -u says otherwise.
    if sys.stdout is not None and sys.stdout.line_buffering and not os.isatty(1):
        sys.stdout.reconfigure(line_buffering=False)
    c, w = ch.detach(), watch.detach()
    sys.argv[1:] = argv
    if hasattr(sys, 'orig_argv'):  # 3.10+: the command line as a spawned bridge has it
        sys.orig_argv.extend(argv)
    return options.split() + ['--fd-out=%d' % c, '--fd-in=%d' % c, '--watch=%d' % w]
