// The static analysis the constraints come from: python/ndbg/analysis/cfg.py (it parses the
// script with `ast`, never runs it) and an index over its result. Run once per
// session; everything after is lookups.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sourceLines } from './format.js';
import { PYTHON_DIR } from '../../meta/paths.js';
import { resolvePython } from '../../meta/pythonCommand.js';

/** One entry of cfg.py's `calls` (a function a line may enter). */
export interface CfgCallee {
  name: string;
  call_line: number;
  def_line: number;
  first_body_line: number;
}

export interface CfgFunction {
  qualname: string;
  kind: string; // function | generator | coroutine | lambda | comprehension | class
  def_line: number;
  call_line: number;
  first_body_line: number;
  entry_lines: number[];
  last_line: number;
  params: string[];
  /** The names its frame's locals can ever hold (symtable: parameters, own bindings, free variables); absent when unknown. */
  locals?: string[];
}

type Successor = number | 'return' | 'raise';

/** `python3 -m ndbg.analysis.cfg FILE` output (see python/ndbg/analysis/cfg.py). */
export interface CfgResult {
  format: number;
  target?: string;
  entry: number | null;
  entry_lines: number[];
  lines: Record<string, Successor[]>;
  calls: Record<string, CfgCallee[]>;
  binds: Record<string, { binds: string[]; mutates: string[]; may_mutate_args: string[] }>;
  functions: Record<string, CfgFunction>;
  frames?: Record<string, { lines: Record<string, Successor[]>; entry_lines: number[] }>;
  /** Module-level names the tracer never shows (functions, classes, modules bound only so). */
  hidden?: string[];
  /** Lines whose code cannot write program output (python/ndbg/analysis/quiet.py); absent from older analyses. */
  quiet?: number[];
  /** Every name the program binds anywhere (null: a star import, anything may be bound). */
  bound?: string[] | null;
  /** The attribute names the program can set on its objects (python/ndbg/analysis/attrs.py; null or absent: any). */
  attributes?: string[] | null;
  /** Classes whose instances print object's default repr (python/ndbg/analysis/reprs.py); absent from older analyses. */
  default_repr?: string[];
  /** Statements over several lines whose line events come in one known order: first line -> the lines in order (paths.py); absent from older analyses. */
  paths?: Record<string, number[]>;
  error?: string;
  /** With `pdbFacts`: the interpreter's pdb facts (python/ndbg/analysis/pdbfacts.py; src/engine/neural/probe.ts reads them). */
  pdb_facts?: unknown;
}

/**
 * The version of cfg.py's JSON that this file reads (cfg.py's FORMAT_VERSION,
 * raised whenever the shape above changes). The two ship together, but a
 * python/ndbg/ from another version of ndbg than dist/ would otherwise be read
 * field by field as if it were this one.
 */
export const CFG_FORMAT = 1;

/** cfg.py's parsed output, checked to be in the format this file reads. */
export function checkCfgFormat(json: unknown): CfgResult {
  const r = (json ?? {}) as Partial<CfgResult>;
  if (r.format !== CFG_FORMAT) {
    const got = typeof r.format === 'number' ? `format ${r.format}` : 'no format version';
    throw new Error(
      `ndbg.analysis.cfg wrote ${got}, but this ndbg reads format ${CFG_FORMAT}: python/ndbg/ and dist/ ` +
        'come from different versions of ndbg (reinstall it; in a checkout, npm run build)',
    );
  }
  return r as CfgResult;
}

/**
 * Run cfg.py on `source`. Resolves to its JSON (with `error` set for a syntax error);
 * rejects when Python cannot be run at all, or the JSON is not in CFG_FORMAT.
 */
export function runCfg(source: string, opts: { python?: string; target?: string; timeoutMs?: number; pdbFacts?: boolean } = {}): Promise<CfgResult> {
  const key = earlyKey(source, opts);
  const started = early.get(key);
  if (started) {
    early.delete(key);
    return started;
  }
  return spawnCfg(source, opts);
}

/** The CPython whose tracing the shipped models learned (docs/format.md: the corpus is built with 3.11). */
export const DEFAULT_CFG_TARGET = '3.11';

/** Analyses started ahead of need (startCfg), by interpreter, target and source. */
const early = new Map<string, Promise<CfgResult>>();
const earlyKey = (source: string, opts: { python?: string; target?: string }) => JSON.stringify([opts.python ?? 'python3', opts.target ?? null, source]);

/**
 * Start the analysis now, for the next runCfg with the same source and options to
 * take: bin/ndbg.js starts it before the model runtime loads, so that Python's
 * start-up overlaps onnxruntime's.
 */
export function startCfg(source: string, opts: { python?: string; target?: string; pdbFacts?: boolean } = {}): Promise<CfgResult> {
  const key = earlyKey(source, opts);
  const running = early.get(key);
  if (running) return running;
  const p = spawnCfg(source, opts);
  p.catch(() => undefined); // reported by the runCfg that takes it
  early.set(key, p);
  return p;
}

/**
 * An analysis started elsewhere (bin/ndbg's preboot: src/engine/prebootCfg.ts),
 * its output still to be checked, for the next runCfg or startCfg with the same
 * source and options to take.
 */
export function seedCfg(source: string, opts: { python?: string; target?: string }, output: Promise<unknown>): void {
  const key = earlyKey(source, opts);
  if (early.has(key)) return;
  const p = output.then(checkCfgFormat);
  p.catch(() => undefined); // reported by the runCfg that takes it
  early.set(key, p);
}

/** The analysed copy and its folder: all there is in it (rmSync's recursive walk costs 10-40 ms here, on the way to the first prompt). */
function removeScript(dir: string, file: string): void {
  try {
    unlinkSync(file);
    rmdirSync(dir);
  } catch {
    // left in the temporary folder
  }
}

/** The environment without PYTHONDONTWRITEBYTECODE, which would make every start compile ndbg's analysis again. */
function ownBytecode(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { PYTHONDONTWRITEBYTECODE: _, ...rest } = env;
  return rest;
}

export function spawnCfg(source: string, opts: { python?: string; target?: string; timeoutMs?: number; pdbFacts?: boolean }): Promise<CfgResult> {
  const dir = mkdtempSync(join(tmpdir(), 'ndbg-cfg-'));
  const file = join(dir, 'script.py');
  writeFileSync(file, source);
  // -S: no site (the analysis is the standard library and ours; site's .pth files can take longer than it)
  const args = ['-S', '-m', 'ndbg.analysis.cfg', file];
  if (opts.target) args.push('--target', opts.target);
  if (opts.pdbFacts) args.push('--pdb-facts');
  return new Promise<CfgResult>((resolve, reject) => {
    const python = resolvePython(opts.python ?? 'python3'); // the user's interpreter, chosen from their directory
    const child = spawn(python.command, args, {
      cwd: PYTHON_DIR,
      // its bytecode is cached beside it as the bridge's is: compiling the analysis on
      // every start costs more than running it (the script itself is only parsed, never imported)
      env: ownBytecode({ ...process.env, ...python.env, PYTHONPATH: PYTHON_DIR }),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: opts.timeoutMs ?? 30_000,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', (e) => {
      removeScript(dir, file);
      reject(new Error(`cannot run '${opts.python ?? 'python3'}' for the control-flow analysis: ${e.message}`));
    });
    child.on('close', (code) => {
      removeScript(dir, file);
      let json: unknown;
      try {
        json = JSON.parse(out);
      } catch {
        reject(new Error(`ndbg.analysis.cfg failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' | ') || 'no output'}`));
        return;
      }
      try {
        resolve(checkCfgFormat(json));
      } catch (e) {
        reject(e as Error);
      }
    });
  });
}

/** A frame kind of the program: a function, lambda, comprehension, class body or <module>. */
export interface Scope {
  key: string;
  /** The code object's name as the tracer reports it (`func`). */
  coName: string;
  kind: string;
  callLine: number;
  defLine: number;
  lastLine: number;
  entryLines: number[];
  params: string[];
  /** line -> successor lines in this frame (markers dropped). */
  succ: Map<number, number[]>;
  /** line -> predecessor lines in this frame. */
  pred: Map<number, number[]>;
  /** Lines that hold line events in this frame. */
  lines: Set<number>;
  /** Lines after whose line event the frame may return (cfg's `"return"` marker: a return, a yield, the end). */
  returns: Set<number>;
  /** The names its locals may show (`visibleNames`: its identifiers the program binds, less what the tracer hides). */
  names: Set<string>;
  generator: boolean;
}

const IDENT = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*/g;

/**
 * The names a scope's locals may show: identifiers of its text that the program binds
 * somewhere (not keywords, builtins or attributes: cfg.py's `bound`), with private names
 * also as mangled inside classes (`__x` -> `_C__x`) and `__class__` where `super` is used;
 * module and class bodies never show dunder names, nor, for the module, the names cfg.py
 * lists as `hidden` (the tracer filters them).
 */
function visibleNames(text: Set<string>, kind: string, bound: Set<string> | null, hidden: Set<string>): Set<string> {
  const names = new Set(text);
  if (names.has('super')) names.add('__class__');
  if (bound) {
    for (const b of bound) {
      const at = b.indexOf('__', 1); // _C__x: a mangled private name
      if (b.startsWith('_') && at > 1 && names.has(b.slice(at))) names.add(b);
    }
  }
  const namespace = kind === 'module' || kind === 'class';
  return new Set([...names].filter((n) => (!bound || bound.has(n)) && !(namespace && n.startsWith('__')) && !(kind === 'module' && hidden.has(n))));
}

/** A function's visible names narrowed to those its frame can hold (cfg.py's `locals`), when known. */
function ownNames(visible: Set<string>, locals: string[] | undefined): Set<string> {
  if (!locals) return visible;
  const own = new Set(locals);
  return new Set([...visible].filter((n) => own.has(n)));
}

function identifiersOf(lines: string[], first: number, last: number): Set<string> {
  const names = new Set<string>();
  for (let k = Math.max(1, first); k <= Math.min(lines.length, last); k++) {
    for (const m of lines[k - 1]!.matchAll(IDENT)) names.add(m[0]).add(m[0].normalize('NFKC')); // Python reads identifiers as NFKC
  }
  return names;
}

/** The index the constraints query: scopes by line and name, callees, effects. */
export class Program {
  readonly source: string;
  readonly nLines: number;
  readonly scopes: Scope[] = [];
  readonly module: Scope;
  readonly entry: number | null;
  readonly error: string | null;
  readonly coNames: Set<string>;
  /** The program's classes whose instances print `<__main__.C object>`, never `C(...)` (cfg.py's `default_repr`). */
  readonly plainClasses: ReadonlySet<string>;
  /** line -> the statement over several lines holding it: its first line and its line events in order (cfg.py's `paths`). */
  readonly pathOf = new Map<number, { first: number; path: number[] }>();
  private readonly cfg: CfgResult;
  private readonly byLine = new Map<number, Scope[]>();
  private readonly quietLines: Set<number>;

  /**
   * Whether code of the program may rebind a frame's names from another frame (`global`,
   * `nonlocal`, `globals()`, `vars()`, `locals()`): then a call may rebind what cfg.py only
   * lists as `may_mutate_args`.
   */
  get rebindsElsewhere(): boolean {
    return /^\s*(?:global|nonlocal)\b|\b(?:globals|vars|locals)\s*\(/m.test(this.source);
  }

  /** The attribute names the program can set on its objects (cfg.py's `attributes`), or null: any may be. */
  get attributes(): ReadonlySet<string> | null {
    return this.cfg.attributes ? new Set(this.cfg.attributes) : null;
  }

  constructor(source: string, cfg: CfgResult) {
    this.source = source;
    this.cfg = cfg;
    const text = sourceLines(source);
    this.nLines = text.length;
    this.error = cfg.error ?? null;
    this.entry = cfg.entry ?? null;
    this.quietLines = new Set(cfg.quiet ?? []);
    this.plainClasses = new Set(cfg.default_repr ?? []);
    for (const [first, path] of Object.entries(cfg.paths ?? {})) for (const l of path) this.pathOf.set(l, { first: Number(first), path });
    const frames = cfg.frames ?? { '<module>': { lines: cfg.lines ?? {}, entry_lines: cfg.entry_lines ?? [] } };
    const bound = cfg.bound ? new Set(cfg.bound) : null;
    const hidden = new Set(cfg.hidden ?? []);
    const functions = cfg.functions ?? {};
    for (const [key, frame] of Object.entries(frames)) {
      const f = functions[key];
      const succ = new Map<number, number[]>();
      const pred = new Map<number, number[]>();
      const returns = new Set<number>();
      for (const [l, next] of Object.entries(frame.lines)) {
        const line = Number(l);
        if (next.includes('return')) returns.add(line);
        const ints = next.filter((x): x is number => typeof x === 'number');
        succ.set(line, ints);
        for (const m of ints) {
          const p = pred.get(m) ?? [];
          p.push(line);
          pred.set(m, p);
        }
      }
      const isModule = f === undefined;
      const qual = f?.qualname ?? key;
      const scope: Scope = {
        key,
        coName: isModule ? '<module>' : qual.slice(qual.lastIndexOf('.') + 1) || qual,
        kind: isModule ? 'module' : f.kind,
        callLine: f?.call_line ?? 0,
        defLine: f?.def_line ?? 0,
        lastLine: f?.last_line ?? this.nLines,
        entryLines: frame.entry_lines ?? f?.entry_lines ?? [],
        params: f?.params ?? [],
        succ,
        pred,
        lines: new Set(succ.keys()),
        returns,
        names: ownNames(
          visibleNames(
            isModule ? identifiersOf(text, 1, this.nLines) : identifiersOf(text, f.call_line, f.last_line),
            isModule ? 'module' : f.kind,
            bound,
            hidden,
          ),
          f?.locals,
        ),
        generator: f?.kind === 'generator' || f?.kind === 'coroutine' || f?.kind === 'genexpr',
      };
      // a lambda / comprehension on a line shares it with its enclosing scope; its
      // own names are still only those on its lines
      this.scopes.push(scope);
      for (const l of scope.lines) {
        const list = this.byLine.get(l) ?? [];
        list.push(scope);
        this.byLine.set(l, list);
      }
    }
    this.module = this.scopes.find((s) => s.kind === 'module') ?? {
      key: '<module>',
      coName: '<module>',
      kind: 'module',
      callLine: 0,
      defLine: 0,
      lastLine: this.nLines,
      entryLines: [],
      params: [],
      succ: new Map(),
      pred: new Map(),
      lines: new Set(),
      returns: new Set(),
      names: visibleNames(identifiersOf(text, 1, this.nLines), 'module', bound, hidden),
      generator: false,
    };
    this.coNames = new Set(this.scopes.map((s) => s.coName));
    this.coNames.add('<module>');
  }

  static async analyze(source: string, opts: { python?: string; target?: string } = {}): Promise<Program> {
    return new Program(source, await runCfg(source, opts));
  }

  /** Scopes with a line event on `line`. */
  scopesAt(line: number): Scope[] {
    return this.byLine.get(line) ?? [];
  }

  /** The scopes a state (func, line) can be in: its code name and a line it can stop at. */
  scopesOf(func: string | null, line: number | null): Scope[] {
    if (func === null || line === null) return [];
    return this.scopes.filter((s) => s.coName === func && (s.lines.has(line) || s.callLine === line || (s.kind === 'module' && line >= 1)));
  }

  /** Whether running `line`'s own code cannot write program output (cfg.py's `quiet`). */
  quiet(line: number): boolean {
    return this.quietLines.has(line);
  }

  /** The functions a call from `line` may enter, as scopes. */
  callees(line: number): Scope[] {
    const out: Scope[] = [];
    for (const c of this.cfg.calls?.[String(line)] ?? []) {
      const s = this.scopes.find((x) => x.key === c.name);
      if (s) out.push(s);
    }
    return out;
  }

  /**
   * Every stack (caller lines, outermost first) a frame of `scope` can run with: the
   * chains of call sites from the module down to it, by `callees`. Null when they are
   * not a short finite list: recursion, a generator or coroutine (resumed from
   * anywhere), a scope no line is known to call, or more than `max` chains.
   */
  callStacks(scope: Scope, max = 32): number[][] | null {
    if (!this.callers) {
      this.callers = new Map();
      for (const l of Object.keys(this.cfg.calls ?? {})) {
        for (const c of this.callees(Number(l))) {
          const list = this.callers.get(c.key) ?? [];
          list.push(Number(l));
          this.callers.set(c.key, list);
        }
      }
    }
    const chains = (s: Scope, seen: Set<string>): number[][] | null => {
      if (s.kind === 'module') return [[]];
      if (s.generator || seen.has(s.key)) return null;
      const sites = this.callers!.get(s.key);
      if (!sites?.length) return null;
      const out: number[][] = [];
      const inner = new Set(seen).add(s.key);
      for (const site of sites) {
        for (const cs of this.scopesAt(site)) {
          const up = chains(cs, inner);
          if (up === null) return null;
          for (const st of up) {
            out.push([...st, site]);
            if (out.length > max) return null;
          }
        }
      }
      return out.length ? out : null;
    };
    return chains(scope, new Set());
  }

  private callers?: Map<string, number[]>;

  /**
   * The names the module frame may show at an event on `line`: those bound by a
   * module line that can have run before it on some path (its predecessors in the
   * module's control flow, transitively; `line` itself too where the event comes
   * after its code ran: a return or an exception, or a loop back to it), names a
   * function may bind there by `global`, and `extra` (names an edit put in the
   * frame). Never a function's own names, never a name only a later line binds.
   * Null where the module's names are not known (cfg.py's `bound` is null).
   */
  moduleNamesAt(line: number, ran: boolean, extra: readonly string[] = []): Set<string> | null {
    if (!this.cfg.bound) return null;
    const key = `${line}:${ran ? 1 : 0}`;
    let base = this.reachMemo.get(key);
    if (!base) {
      const m = this.module;
      const seen = new Set<number>();
      const todo = [...(m.pred.get(line) ?? [])];
      if (ran) todo.push(line);
      while (todo.length) {
        const l = todo.pop()!;
        if (seen.has(l)) continue;
        seen.add(l);
        for (const p of m.pred.get(l) ?? []) todo.push(p);
      }
      const bound = new Set(this.globalNames());
      for (const l of seen) for (const n of this.cfg.binds?.[String(l)]?.binds ?? []) bound.add(n);
      base = new Set([...m.names].filter((n) => bound.has(n)));
      this.reachMemo.set(key, base);
    }
    const more = extra.filter((n) => this.module.names.has(n) && !base!.has(n));
    return more.length ? new Set([...base, ...more]) : base;
  }

  private readonly reachMemo = new Map<string, Set<string>>();
  private globals?: Set<string>;

  /** Names a `global` statement anywhere declares: a call from any module line may bind them. */
  private globalNames(): Set<string> {
    if (!this.globals) {
      this.globals = new Set();
      for (const m of this.source.matchAll(/\bglobal[ \t]+([A-Za-z_][\w \t,]*)/g)) {
        for (const n of m[1]!.split(',')) if (n.trim()) this.globals.add(n.trim());
      }
    }
    return this.globals;
  }

  /** Names the code of `line` may bind, unbind or mutate (directly or through calls). */
  effects(line: number): { binds: string[]; all: string[]; may: string[] } {
    const b = this.cfg.binds?.[String(line)];
    if (!b) return { binds: [], all: [], may: [] };
    return { binds: b.binds, all: [...new Set([...b.binds, ...b.mutates, ...b.may_mutate_args])], may: b.may_mutate_args };
  }

  /** Every line that holds an event (a line event, or a call event on a def line). */
  codeLines(): number[] {
    const set = new Set<number>(this.byLine.keys());
    for (const s of this.scopes) if (s.callLine) set.add(s.callLine);
    return [...set].sort((a, b) => a - b);
  }
}
