// A stand-in Engine for TUI tests: "runs" fixtures/tui_demo.py by a JavaScript
// transcription of it (a generator that yields before each line, like pdb stops),
// speaking enough of pdb's command language and messages for the TUI: s n r c u d
// w p b tbreak cl disable enable condition ignore !x = v, rs, q. Values set with
// `!x = v` are seen by the following lines, so an edit shows up after a step. It
// says what the real engines say as data: the breakpoint table when it changes,
// each command's outcome, which text is an error or a location. With
// `verify: (stop) => VerifyInfo | undefined` each new stop carries what that
// returns, as under `--verify` (u/d re-describe the stop: `refresh`, no verify,
// like the real engines). Plain JS so
// that the tmux end-to-end tests can run it with node without a build step.
import { resolve } from 'node:path';

export const DEMO = resolve(import.meta.dirname, '../../fixtures/tui_demo.py');

function repr(v) {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'string') return v.startsWith('<') ? v : `'${v}'`;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (Array.isArray(v)) return `[${v.map(repr).join(', ')}]`;
  if (typeof v === 'object') return `<__main__.${v.__class__} object at 0x7f00c0ffee00>`;
  return String(v);
}

/** An object's attributes (a plain JS object stands for an instance of `__class__`). */
const attrs = (o) => Object.keys(o).filter((k) => k !== '__class__');

function parseValue(text) {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (/^(['"]).*\1$/.test(t)) return t.slice(1, -1);
  if (t === 'None') return null;
  if (t === 'True' || t === 'False') return t === 'True';
  if (t.startsWith('[')) return JSON.parse(t.replace(/'/g, '"'));
  const range = /^list\(range\((\d+)\)\)$/.exec(t);
  if (range) return Array.from({ length: Number(range[1]) }, (_, i) => i);
  // Item(a=1, b=[1, 2]): an instance with those attributes.
  const obj = /^([A-Z]\w*)\((.*)\)$/.exec(t);
  if (obj) {
    const o = { __class__: obj[1] };
    for (const m of obj[2].matchAll(/(\w+)=(\[[^\]]*\]|[^,]+)/g)) o[m[1]] = parseValue(m[2]);
    return o;
  }
  throw new Error(`NameError: name '${t}' is not defined`);
}

// The program, one yield per event. `f.v` holds the frame's variables.
function* program(cx) {
  const m = cx.push('<module>', 16);
  yield cx.ev('line', m, 1);
  m.v.total = '<function total>';
  yield cx.ev('line', m, 8);
  m.v.main = '<function main>';
  yield cx.ev('line', m, 16);
  const r = yield* main(cx);
  yield cx.ev('return', m, 16, { retval: 'None' });
  cx.pop();
  return r;
}
function* main(cx) {
  const f = cx.push('main', 8);
  yield cx.ev('call', f, 8);
  yield cx.ev('line', f, 9);
  f.v.data = [3, 1, 4];
  yield cx.ev('line', f, 10);
  f.v.name = 'demo';
  yield cx.ev('line', f, 11);
  f.v.result = yield* total(cx, f.v.data);
  yield cx.ev('line', f, 12);
  cx.print(`total is ${f.v.result}\n`);
  yield cx.ev('line', f, 13);
  yield cx.ev('return', f, 13, { retval: repr(f.v.result) });
  cx.pop();
  return f.v.result;
}
function* total(cx, items) {
  const f = cx.push('total', 1);
  f.v.items = items;
  yield cx.ev('call', f, 1);
  yield cx.ev('line', f, 2);
  f.v.acc = 0;
  yield cx.ev('line', f, 3);
  for (const x of f.v.items) {
    f.v.x = x;
    yield cx.ev('line', f, 4);
    f.v.acc = f.v.acc + f.v.x;
    yield cx.ev('line', f, 3);
  }
  yield cx.ev('line', f, 5);
  yield cx.ev('return', f, 5, { retval: repr(f.v.acc) });
  cx.pop();
  return f.v.acc;
}

const SRC = [
  'def total(items):',
  '    acc = 0',
  '    for x in items:',
  '        acc = acc + x',
  '    return acc',
  '',
  '',
  'def main():',
  '    data = [3, 1, 4]',
  '    name = "demo"',
  '    result = total(data)',
  '    print("total is", result)',
  '    return result',
  '',
  '',
  'main()',
];

export class FakeEngine {
  info = { name: 'python' };
  listeners = [];
  stack = [];
  history = [];
  bps = [];
  nextBp = 1;
  finished = false;
  interrupted = false;

  constructor(opts = {}) {
    this.file = opts.file ?? DEMO;
    this.delayMs = opts.delayMs ?? 0;
    if (opts.info) this.info = opts.info;
    this.verify = opts.verify;
    this.commands = [];
  }

  // Like the real session: what is said before anyone listens is kept for the
  // first listener (runTui starts the engine before it listens).
  backlog = [];
  on(l) {
    this.listeners.push(l);
    const b = this.backlog;
    this.backlog = [];
    for (const e of b) l(e);
  }
  emit(e) {
    if (this.listeners.length === 0) this.backlog.push(e);
    for (const l of this.listeners) l(e);
  }
  say(text, kind) {
    this.emit({ type: 'text', stream: 'debugger', data: text, ...(kind ? { kind } : {}) });
  }
  /** pdb's error(): the message, and the command that printed it failed. */
  error(msg) {
    this.failed ??= msg;
    this.say(`*** ${msg}\n`, 'error');
  }
  /** The breakpoint table, when it differs from the one last reported. */
  reportBreakpoints() {
    const table = this.bps.map((b) => ({
      number: b.num,
      file: this.file,
      line: b.line,
      hits: b.hits,
      ignore: b.ignore,
      enabled: b.enabled,
      temporary: b.temporary,
      ...(b.cond ? { condition: b.cond } : {}),
    }));
    const json = JSON.stringify(table);
    if (json === (this.reported ?? '[]')) return;
    this.reported = json;
    this.emit({ type: 'breakpoints', breakpoints: table });
  }
  async pause() {
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
  }

  async start() {
    const cx = {
      push: (func, line) => {
        const f = { func, line, v: {} };
        this.stack.push(f);
        return f;
      },
      pop: () => this.stack.pop(),
      ev: (event, f, line, extra = {}) => {
        f.line = line;
        return { event, ...extra };
      },
      print: (s) => this.emit({ type: 'text', stream: 'stdout', data: s }),
    };
    this.gen = program(cx);
    this.advance(() => true, false);
    this.prompt();
  }

  snapshot(ev) {
    return {
      type: 'stop',
      event: ev.event,
      frames: this.stack.map((f) => ({
        file: this.file,
        line: f.line,
        func: f.func,
        locals: Object.fromEntries(Object.entries(f.v).map(([k, v]) => [k, repr(v)])),
      })),
      selected: this.stack.length - 1,
      ...(ev.retval !== undefined ? { retval: ev.retval } : {}),
    };
  }

  /** Run until `stopHere(ev, depth)`; emits the stop (or exit). */
  advance(stopHere, announce = true) {
    for (;;) {
      const { value, done } = this.gen.next();
      if (done) {
        this.finished = true;
        this.say('The program finished.\n');
        this.emit({ type: 'exit', code: 0 });
        return;
      }
      const depth = this.stack.length;
      const line = this.stack[depth - 1].line;
      let hit;
      if (value.event === 'line') {
        for (const b of this.bps.filter((b) => b.enabled && b.line === line)) {
          b.hits++;
          if (b.ignore > 0) b.ignore--;
          else if (!b.cond || this.truthy(b.cond)) {
            hit = b;
            break;
          }
        }
      }
      if (hit || stopHere(value, depth)) {
        if (hit?.temporary) {
          this.bps = this.bps.filter((b) => b !== hit);
          this.say(`Deleted breakpoint ${hit.num} at ${this.file}:${hit.line}\n`);
        }
        this.stop = this.snapshot(value);
        const v = this.verify?.(this.stop);
        if (v) this.stop.verify = v;
        this.history.push(this.stop);
        this.reportBreakpoints();
        if (announce) this.location(this.stop);
        this.emit(this.stop);
        return;
      }
    }
  }

  location(stop) {
    const f = stop.frames[stop.selected];
    if (stop.event === 'call') this.say('--Call--\n');
    if (stop.event === 'return') this.say('--Return--\n');
    this.say(`> ${f.file}(${f.line})${f.func}()${stop.event === 'return' ? '->' + stop.retval : ''}\n-> ${SRC[f.line - 1].trim()}\n`, 'location');
  }

  prompt() {
    if (!this.finished) this.emit({ type: 'prompt', prompt: '(Pdb) ' });
  }

  async command(line) {
    this.commands.push(line);
    await this.pause();
    const [cmd, ...rest] = line.trim().split(/\s+/);
    const arg = line.trim().slice(cmd.length).trim();
    const depth = this.stack.length;
    this.failed = undefined;
    let edits;
    let refresh;
    const setSelected = (i) => {
      const { verify: _, ...stop } = this.stop;
      this.stop = { ...stop, selected: i };
      this.location(this.stop);
      refresh = { ...this.stop, refresh: true };
    };
    /** After an edit: the same stop re-described with the new locals (as the python engine does). */
    const relocals = () => {
      const { verify: _, ...stop } = this.stop;
      this.stop = { ...this.snapshot({ event: stop.event, retval: stop.retval }), selected: stop.selected };
      refresh = { ...this.stop, refresh: true };
    };
    /** The outcome, as the engines report it when a command returns. */
    const outcome = (resumed) => {
      this.reportBreakpoints();
      this.emit({
        type: 'command',
        command: line,
        ok: this.failed === undefined,
        resumed,
        ...(this.failed !== undefined ? { error: this.failed } : {}),
        ...(edits ? { edits } : {}),
      });
    };
    /** A command that hands control back to the program: its outcome, then where it got to. */
    const resume = (stopHere) => {
      outcome(true);
      this.advance(stopHere);
    };
    if (this.finished) {
      if (cmd === 'q') return;
      this.error('The program has finished');
      outcome(false);
      return;
    }
    switch (cmd) {
      case 's':
      case 'step':
        resume(() => true);
        return this.prompt();
      case 'n':
      case 'next':
        resume((_, d) => d <= depth);
        return this.prompt();
      case 'r':
      case 'return':
        resume((ev, d) => d < depth || (d === depth && ev.event === 'return'));
        return this.prompt();
      case 'c':
      case 'continue':
        resume(() => false);
        return this.prompt();
      case 'rs':
        if (this.history.length < 2) this.error('at the beginning of the recorded history');
        else {
          outcome(true);
          this.history.pop();
          this.stop = this.history[this.history.length - 1];
          this.location(this.stop);
          this.emit(this.stop);
          return this.prompt();
        }
        break;
      case 'u':
      case 'up':
        if (this.stop.selected === 0) this.error('Oldest frame');
        else setSelected(this.stop.selected - 1);
        break;
      case 'd':
      case 'down':
        if (this.stop.selected === this.stop.frames.length - 1) this.error('Newest frame');
        else setSelected(this.stop.selected + 1);
        break;
      case 'w':
      case 'where':
        this.stop.frames.forEach((f, i) => {
          this.say(`${i === this.stop.selected ? '>' : ' '} ${f.file}(${f.line})${f.func}()\n-> ${SRC[f.line - 1].trim()}\n`);
        });
        break;
      case 'p': {
        const f = this.stack[this.stop.selected];
        if (f && arg in f.v) this.say(repr(f.v[arg]) + '\n');
        else this.error(`NameError: name '${arg}' is not defined`);
        break;
      }
      case 'b':
      case 'break':
      case 'tbreak': {
        if (!arg) {
          if (this.bps.length) {
            this.say('Num Type         Disp Enb   Where\n');
            for (const b of this.bps) {
              this.say(`${String(b.num).padEnd(4)}breakpoint   ${b.temporary ? 'del ' : 'keep'} ${b.enabled ? 'yes' : 'no '}   at ${this.file}:${b.line}\n`);
              if (b.cond) this.say(`\tstop only if ${b.cond}\n`);
            }
          }
          break;
        }
        const m = /^(?:(.+):)?(\d+)\s*(?:,\s*(.*))?$/.exec(arg);
        if (!m) {
          this.error(`The specified object '${arg}' is not a function`);
          break;
        }
        const b = { num: this.nextBp++, line: Number(m[2]), enabled: true, temporary: cmd === 'tbreak', cond: m[3], hits: 0, ignore: 0 };
        this.bps.push(b);
        this.say(`Breakpoint ${b.num} at ${this.file}:${b.line}\n`);
        break;
      }
      case 'cl':
      case 'clear': {
        if (!arg) {
          // pdb asks on the program's stdin (input()), as the python engine reports it.
          this.emit({ type: 'text', stream: 'stdout', data: 'Clear all breaks? ' });
          this.reading = (reply) => {
            if (/^y(es)?$/.test(reply.trim())) {
              for (const b of this.bps) this.say(`Deleted breakpoint ${b.num} at ${this.file}:${b.line}\n`);
              this.bps = [];
            }
            outcome(false);
          };
          this.emit({ type: 'input' });
          return;
        }
        const m = /^(?:(.+):)?(\d+)$/.exec(arg);
        const gone = m?.[1] ? this.bps.filter((b) => b.line === Number(m[2])) : this.bps.filter((b) => rest.includes(String(b.num)));
        for (const b of gone) this.say(`Deleted breakpoint ${b.num} at ${this.file}:${b.line}\n`);
        this.bps = this.bps.filter((b) => !gone.includes(b));
        break;
      }
      case 'disable':
      case 'enable':
        for (const b of this.bps.filter((b) => rest.includes(String(b.num)))) {
          b.enabled = cmd === 'enable';
          this.say(`${cmd === 'enable' ? 'Enabled' : 'Disabled'} breakpoint ${b.num} at ${this.file}:${b.line}\n`);
        }
        break;
      case 'condition':
      case 'ignore': {
        const b = this.bps.find((x) => String(x.num) === rest[0]);
        if (!b) {
          this.error(`Breakpoint ${rest[0]} out of range`);
          break;
        }
        const more = arg.slice(rest[0].length).trim();
        if (cmd === 'ignore') {
          b.ignore = Number(more) || 0;
          this.say(`Will ignore next ${b.ignore} crossings of breakpoint ${b.num}.\n`);
        } else {
          b.cond = more || undefined;
          this.say(more ? `New condition set for breakpoint ${b.num}.\n` : `Breakpoint ${b.num} is now unconditional.\n`);
        }
        break;
      }
      case 'read!':
        // The program reads a line (input()): the command resolves at the input request.
        this.reading = (reply) => {
          this.emit({ type: 'text', stream: 'stdout', data: `got ${reply.trim()}\n` });
          outcome(true);
          this.advance(() => true);
        };
        this.emit({ type: 'input' });
        return;
      case 'crash!':
        // An exception from nowhere (a timer): the TUI must restore the terminal.
        setTimeout(() => {
          throw new Error('boom from the test');
        });
        break;
      case 'q':
      case 'quit':
        outcome(true);
        this.finished = true;
        this.emit({ type: 'exit', code: 0 });
        return;
      default: {
        // `!items[0] = 5`, `!obj.a = 2`: an item or attribute of a value (the variables tree's edits).
        const path = /^!\s*([A-Za-z_]\w*)((?:\[\d+\]|\.\w+)+)\s*=\s*(.+)$/.exec(line.trim());
        if (path) {
          try {
            const f = this.stack[this.stop.selected];
            const steps = [...path[2].matchAll(/\[(\d+)\]|\.(\w+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2]));
            let o = f.v[path[1]];
            if (o === undefined) throw new Error(`NameError: name '${path[1]}' is not defined`);
            for (const k of steps.slice(0, -1)) o = o[k];
            o[steps.at(-1)] = parseValue(path[3]);
            relocals();
          } catch (e) {
            this.error(e.message);
          }
          break;
        }
        const m = /^!?\s*([A-Za-z_]\w*)\s*=\s*(.+)$/.exec(line.trim());
        if (m) {
          try {
            const f = this.stack[this.stop.selected];
            f.v[m[1]] = parseValue(m[2]);
            edits = { [m[1]]: repr(f.v[m[1]]) };
            relocals();
          } catch (e) {
            this.error(e.message);
          }
          break;
        }
        this.error(`NameError: name '${cmd.replace(/^!/, '')}' is not defined`);
      }
    }
    outcome(false);
    if (refresh) this.emit(refresh);
    this.prompt();
  }

  /** A breakpoint condition `name OP number` on the innermost frame's values (else true, as bdb stops when it cannot tell). */
  truthy(cond) {
    const m = /^([A-Za-z_]\w*)\s*(==|!=|<=|>=|<|>)\s*(-?\d+)$/.exec(cond.trim());
    const v = m && this.stack[this.stack.length - 1]?.v[m[1]];
    if (typeof v !== 'number') return true;
    const n = Number(m[3]);
    return { '==': v === n, '!=': v !== n, '<': v < n, '>': v > n, '<=': v <= n, '>=': v >= n }[m[2]];
  }

  /** Engine.evaluate over the stopped frame's values: names, numbers, + - * / %, [i], len(). */
  async evaluate(expr, options = {}) {
    this.evaluated = (this.evaluated ?? 0) + 1;
    await this.pause();
    if (this.finished || !this.stop) return { ok: false, error: 'the program is not stopped' };
    const f = this.stack[options.frame ?? this.stop.selected];
    const v = f ? this.valueOf(expr, f.v) : { error: 'no such frame' };
    if ('error' in v) return { ok: false, error: v.error };
    return { ok: true, result: this.view(v.value) };
  }
  view(x) {
    const type = Array.isArray(x)
      ? 'list'
      : typeof x === 'number'
        ? 'int'
        : typeof x === 'string'
          ? 'str'
          : x && typeof x === 'object'
            ? x.__class__
            : 'NoneType';
    const size = Array.isArray(x) ? x.length : x && typeof x === 'object' ? attrs(x).length : 0;
    return { value: repr(x), type, size };
  }
  /** Engine.children: a list's items, an object's attributes, `count` from `start`. */
  async children(expr, options = {}) {
    this.childrenAsked = [...(this.childrenAsked ?? []), { expr, start: options.start ?? 0, count: options.count ?? 100 }];
    await this.pause();
    if (this.finished || !this.stop) return { ok: false, error: 'the program is not stopped' };
    const f = this.stack[options.frame ?? this.stop.selected];
    const v = f ? this.resolve(expr, f.v) : { error: 'no such frame' };
    if ('error' in v) return { ok: false, error: v.error };
    const x = v.value;
    const start = options.start ?? 0;
    const count = options.count ?? 100;
    const all = Array.isArray(x)
      ? x.map((item, i) => ({ name: `[${i}]`, expr: `${expr}[${i}]`, ...this.view(item) }))
      : x && typeof x === 'object'
        ? attrs(x).map((k) => ({ name: k, expr: `${expr}.${k}`, ...this.view(x[k]) }))
        : [];
    return { ok: true, result: { parent: this.view(x), start, children: all.slice(start, start + count) } };
  }
  /** A name followed by [i] and .attr steps, or what valueOf evaluates. */
  resolve(expr, vars) {
    const m = /^([A-Za-z_]\w*)((?:\[\d+\]|\.\w+)*)$/.exec(expr);
    if (!m) return this.valueOf(expr, vars);
    if (!(m[1] in vars)) return { error: `NameError: name '${m[1]}' is not defined` };
    let o = vars[m[1]];
    for (const s of m[2].matchAll(/\[(\d+)\]|\.(\w+)/g)) {
      if (o === null || typeof o !== 'object') return { error: `TypeError: cannot index ${repr(o)}` };
      o = s[1] !== undefined ? o[Number(s[1])] : o[s[2]];
    }
    return { value: o };
  }
  valueOf(expr, vars) {
    if (!/^[\w\s+\-*/%()[\].,]*$/.test(expr)) return { error: `SyntaxError: ${expr}` };
    let missing;
    const js = expr.replace(/[A-Za-z_]\w*/g, (name) => {
      if (name === 'len') return '__len';
      if (!(name in vars)) missing ??= name;
      return JSON.stringify(vars[name] ?? null);
    });
    if (missing) return { error: `NameError: name '${missing}' is not defined` };
    try {
      return { value: Function('__len', `return (${js});`)((x) => x.length) };
    } catch (e) {
      return { error: `${e.name}: ${e.message}` };
    }
  }

  async input(line) {
    await this.pause();
    const r = this.reading;
    this.reading = undefined;
    if (r) r(line ?? '');
    this.prompt();
  }
  async action() {}
  interrupt() {
    this.interrupted = true;
  }
  async close() {}
}
