// The test oracle: real CPython, spawned once per test file with a batch of
// cases. The product never runs Python in neural mode; the tests do, to check it.

import { spawnSync } from 'node:child_process';

export interface OracleCase {
  kind: 'eval' | 'pp' | 'exec';
  src: string;
  /** name -> repr; evaluated by Python to build the frame. */
  locals?: Record<string, string>;
  /** Given: a function frame (separate globals). Absent: module level. */
  globals?: Record<string, string>;
}

export interface OracleResult {
  ok: boolean;
  /** repr / pformat of the value, or the `*** ...` error line. */
  text: string;
  /** exec: the locals after the statement (reprs). */
  locals?: Record<string, string>;
  output?: string;
}

const ORACLE = String.raw`
import io, json, pprint, sys, traceback
req = json.load(sys.stdin)
out = []
# reprs of nan and inf are not expressions; give them names to evaluate to.
NS = {'nan': float('nan'), 'inf': float('inf')}
for case in req:
    l = {k: eval(v, NS) for k, v in case.get('locals', {}).items()}
    if 'globals' in case:
        g = {k: eval(v, NS) for k, v in case['globals'].items()}
    else:
        g = l
    buf = io.StringIO()
    saved = sys.stdout
    sys.stdout = buf
    res = {}
    try:
        if case['kind'] == 'exec':
            exec(compile(case['src'] + '\n', '<stdin>', 'single'), g, l)
            res = {'ok': True, 'text': ''}
        else:
            v = eval(case['src'], g, l)
            res = {'ok': True, 'text': repr(v) if case['kind'] == 'eval' else pprint.pformat(v)}
    except BaseException as e:
        res = {'ok': False, 'text': '*** ' + traceback.format_exception_only(type(e), e)[-1].strip()}
    finally:
        sys.stdout = saved
    if case['kind'] == 'exec':
        res['locals'] = {k: repr(v) for k, v in l.items() if k != '__builtins__'}
    res['output'] = buf.getvalue()
    out.append(res)
sys.stdout.write(json.dumps(out))
`;

/** Run the cases through python3 (PYTHONHASHSEED=0) and return its answers. */
export function oracle(cases: OracleCase[]): OracleResult[] {
  const r = spawnSync('python3', ['-c', ORACLE], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    env: { ...process.env, PYTHONHASHSEED: '0', PYTHONIOENCODING: 'utf-8' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`python3 oracle failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as OracleResult[];
}

/** Run a Python snippet that prints JSON, return the parsed value. */
export function pythonJson<T>(code: string): T {
  const r = spawnSync('python3', ['-c', code], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONHASHSEED: '0', PYTHONIOENCODING: 'utf-8' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}
