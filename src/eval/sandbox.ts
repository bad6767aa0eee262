// Scoring CruxEval as CruxEval does: `assert <output> == <prediction>` after the
// sample's code, executed by python3 in a separate process with a timeout
// (CruxEval's check_correctness: 3 s), in a fresh temporary directory, with
// memory and CPU limits and the destructive os/shutil/subprocess functions
// disabled first (CruxEval's reliability_guard). This is the only place where
// `ndbg eval` runs Python code from a data set; the neural engine never does.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNNER = String.raw`
import contextlib, faulthandler, io, os, resource, signal, sys
timeout = float(sys.argv[1])
program = sys.stdin.read()
out = os.fdopen(os.dup(1), 'w')
limit = 2 << 30
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
resource.setrlimit(resource.RLIMIT_CPU, (int(timeout) + 2, int(timeout) + 2))
class TimeoutException(Exception):
    pass
def on_alarm(signum, frame):
    raise TimeoutException('Timed out!')
def guard():
    faulthandler.disable()
    import builtins, shutil, subprocess
    builtins.exit = None
    builtins.quit = None
    os.environ['OMP_NUM_THREADS'] = '1'
    for name in ('kill', 'system', 'putenv', 'remove', 'removedirs', 'rmdir', 'fchdir', 'setuid', 'fork', 'forkpty',
                 'killpg', 'rename', 'renames', 'truncate', 'replace', 'unlink', 'fchmod', 'fchown', 'chmod', 'chown',
                 'chroot', 'lchflags', 'lchmod', 'lchown', 'getcwd', 'chdir'):
        if hasattr(os, name):
            setattr(os, name, None)
    shutil.rmtree = None
    shutil.move = None
    shutil.chown = None
    subprocess.Popen = None
    builtins.help = None
    for m in ('ipdb', 'joblib', 'resource', 'psutil', 'tkinter'):
        sys.modules[m] = None
class WriteOnly(io.StringIO):
    def read(self, *a, **k): raise OSError
    def readline(self, *a, **k): raise OSError
    def readlines(self, *a, **k): raise OSError
    def readable(self, *a, **k): return False
guard()
sink = WriteOnly()
signal.signal(signal.SIGALRM, on_alarm)
signal.setitimer(signal.ITIMER_REAL, timeout)
try:
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        sys.stdin = sink
        exec(program, {})
    result = 'passed'
except TimeoutException:
    result = 'timed out'
except BaseException as e:
    result = 'failed: %s' % (e,)
finally:
    signal.setitimer(signal.ITIMER_REAL, 0)
out.write(result[:500])
out.flush()
`;

export interface CheckResult {
  passed: boolean;
  /** 'passed', 'timed out', or 'failed: <exception>'. */
  result: string;
}

/** Run `program` (CruxEval's check program) in the sandbox. */
export function checkCorrectness(program: string, opts: { timeoutS?: number; python?: string } = {}): Promise<CheckResult> {
  const timeout = opts.timeoutS ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'ndbg-crux-'));
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(opts.python ?? 'python3', ['-I', '-c', RUNNER, String(timeout)], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PYTHONHASHSEED: '0' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), (timeout + 1) * 1000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stdin.on('error', () => {});
    child.stdin.end(program);
    const done = (result: string) => {
      clearTimeout(killer);
      rmSync(dir, { recursive: true, force: true });
      resolve({ passed: result === 'passed', result });
    };
    child.on('error', (e) => done(`failed: cannot run python: ${e.message}`));
    child.on('close', () => done(out || 'timed out'));
  });
}

/** CruxEval's check program and its pre-check (evaluation/utils_general.py, evaluate_score). */
export function cruxProgram(task: 'output' | 'input', code: string, input: string, output: string, generation: string): string | null {
  if (task === 'input' && !generation.includes('f(')) return null;
  if (task === 'output' && generation.includes(`f(${input})`)) return null;
  return `${code}\nassert ${output} == ${generation}`;
}
