# An outside timer for bench/startup.js's line-mode figures, sharing no code
# with it: starts a command with `q` piped, reads its stdout as it arrives and
# prints the milliseconds to the first "(Pdb) " and to the end, median of N.
#
#   python3 bench/prompt-timer.py N COMMAND [ARGS...]
import os
import statistics
import subprocess
import sys
import time


def once(argv):
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdin.write(b'q\n')
    p.stdin.close()
    out = b''
    prompt = None
    while True:
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            break
        out += chunk
        if prompt is None and b'(Pdb) ' in out:
            prompt = time.perf_counter() - t0
    p.wait()
    return prompt * 1000, (time.perf_counter() - t0) * 1000


def main():
    n, argv = int(sys.argv[1]), sys.argv[2:]
    once(argv)  # warm-up
    runs = [once(argv) for _ in range(n)]
    print(
        'prompt %.0f ms, whole %.0f ms (median of %d): %s'
        % (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), n, ' '.join(argv))
    )


main()
