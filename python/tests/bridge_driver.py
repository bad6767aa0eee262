"""Drive the bridge (python/ndbg/bridge/) the way ndbg does (fds 3 and 4), feeding
command lines from a list; return the transcript as pdb would print it
(stdout text, prompts) plus the decoded messages. Used by test_bridge*.py."""

import json
import os
import subprocess
import sys

BRIDGE = os.path.join(os.path.dirname(__file__), '..', 'ndbg', 'bridge')  # run as a directory, as ndbg does


def run(pdb_args, lines, python=None, cwd=None, locals_=False, timeout=60, block_stdout=False):
    python = python or os.environ.get('NDBG_TEST_PYTHON', 'python3')
    out_r, out_w = os.pipe()
    in_r, in_w = os.pipe()
    os.set_inheritable(out_w, True)
    os.set_inheritable(in_r, True)
    proc = subprocess.Popen(
        [
            python,
            os.path.abspath(BRIDGE),
            '--fd-out=%d' % out_w,
            '--fd-in=%d' % in_r,
            '--locals=%d' % int(locals_),
        ]
        + (['--stdout=block'] if block_stdout else [])
        + [
            '--',
        ]
        + list(pdb_args),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        pass_fds=(out_w, in_r),
        cwd=cwd,
    )
    os.close(out_w)
    os.close(in_r)
    reader = os.fdopen(out_r, 'rb')
    feed = list(lines)
    msgs, stdout, stderr = [], [], []
    for raw in reader:
        m = json.loads(raw)
        msgs.append(m)
        if m['t'] == 'o':
            (stderr if m['s'] == 'stderr' else stdout).append(m['d'])
        elif m['t'] in ('p', 'i'):
            if m['t'] == 'p':
                stdout.append(m['p'])
            if feed:
                item = feed.pop(0)
                data = item if item[:1] in ('R',) else 'L' + item
            else:
                data = 'E'
            os.write(in_w, (data + '\n').encode())
    os.close(in_w)
    so, se = proc.communicate(timeout=timeout)
    return {
        'stdout': ''.join(stdout),
        'stderr': ''.join(stderr),
        'msgs': msgs,
        'raw_stdout': so.decode(),
        'raw_stderr': se.decode(),
        'code': proc.returncode,
    }


if __name__ == '__main__':
    r = run(sys.argv[1:], [l.rstrip('\n') for l in sys.stdin])
    sys.stdout.write(r['stdout'])
    sys.stderr.write(r['stderr'] + r['raw_stderr'])
    sys.exit(r['code'])
