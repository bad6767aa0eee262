// A stand-in Engine for TUI tests: "runs" fixtures/tui_demo.py by a JavaScript
// transcription of it (a generator that yields before each line, like pdb stops),
// speaking enough of pdb's command language and messages for the TUI: s n r c u d
// w p b tbreak cl disable enable condition !x = v, rs, q. Values set with `!x = v`
// are seen by the following lines, so an edit shows up after a step. With
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
  return String(v);
}

function parseValue(text) {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (/^(['"]).*\1$/.test(t)) return t.slice(1, -1);
  if (t === 'None') return null;
  if (t === 'True' || t === 'False') return t === 'True';
  if (t.startsWith('[')) return JSON.parse(t.replace(/'/g, '"'));
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
  'def total(items):', '    acc = 0', '    for x in items:', '        acc = acc + x', '    return acc',
  '', '', 'def main():', '    data = [3, 1, 4]', '    name = "demo"', '    result = total(data)',
  '    print("total is", result)', '    return result', '', '', 'main()',
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
  say(text) {
    this.emit({ type: 'text', stream: 'debugger', data: text });
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
      const hit = value.event === 'line' && this.bps.find((b) => b.enabled && b.line === line);
      if (hit || stopHere(value, depth)) {
        if (hit && hit.temporary) {
          this.bps = this.bps.filter((b) => b !== hit);
          this.say(`Deleted breakpoint ${hit.num} at ${this.file}:${hit.line}\n`);
        }
        this.stop = this.snapshot(value);
        const v = this.verify?.(this.stop);
        if (v) this.stop.verify = v;
        this.history.push(this.stop);
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
    this.say(`> ${f.file}(${f.line})${f.func}()${stop.event === 'return' ? '->' + stop.retval : ''}\n-> ${SRC[f.line - 1].trim()}\n`);
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
    const setSelected = (i) => {
      const { verify: _, ...stop } = this.stop;
      this.stop = { ...stop, selected: i };
      this.location(this.stop);
      this.emit({ ...this.stop, refresh: true });
    };
    if (this.finished) {
      if (cmd === 'q') return;
      this.say('*** The program has finished\n');
      return;
    }
    switch (cmd) {
      case 's': case 'step':
        this.advance(() => true); break;
      case 'n': case 'next':
        this.advance((_, d) => d <= depth); break;
      case 'r': case 'return':
        this.advance((ev, d) => d < depth || (d === depth && ev.event === 'return')); break;
      case 'c': case 'continue':
        this.advance(() => false); break;
      case 'rs':
        if (this.history.length < 2) this.say('*** at the beginning of the recorded history\n');
        else {
          this.history.pop();
          this.stop = this.history[this.history.length - 1];
          this.location(this.stop);
          this.emit(this.stop);
        }
        break;
      case 'u': case 'up':
        if (this.stop.selected === 0) this.say('*** Oldest frame\n');
        else setSelected(this.stop.selected - 1);
        break;
      case 'd': case 'down':
        if (this.stop.selected === this.stop.frames.length - 1) this.say('*** Newest frame\n');
        else setSelected(this.stop.selected + 1);
        break;
      case 'w': case 'where':
        this.stop.frames.forEach((f, i) => {
          this.say(`${i === this.stop.selected ? '>' : ' '} ${f.file}(${f.line})${f.func}()\n-> ${SRC[f.line - 1].trim()}\n`);
        });
        break;
      case 'p': {
        const f = this.stack[this.stop.selected];
        if (f && arg in f.v) this.say(repr(f.v[arg]) + '\n');
        else this.say(`*** NameError: name '${arg}' is not defined\n`);
        break;
      }
      case 'b': case 'break': case 'tbreak': {
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
          this.say(`*** The specified object '${arg}' is not a function\n`);
          break;
        }
        const b = { num: this.nextBp++, line: Number(m[2]), enabled: true, temporary: cmd === 'tbreak', cond: m[3] };
        this.bps.push(b);
        this.say(`Breakpoint ${b.num} at ${this.file}:${b.line}\n`);
        break;
      }
      case 'cl': case 'clear': {
        const m = /^(?:(.+):)?(\d+)$/.exec(arg);
        const gone = m && m[1] ? this.bps.filter((b) => b.line === Number(m[2])) : this.bps.filter((b) => rest.includes(String(b.num)));
        for (const b of gone) this.say(`Deleted breakpoint ${b.num} at ${this.file}:${b.line}\n`);
        this.bps = this.bps.filter((b) => !gone.includes(b));
        break;
      }
      case 'disable': case 'enable':
        for (const b of this.bps.filter((b) => rest.includes(String(b.num)))) {
          b.enabled = cmd === 'enable';
          this.say(`${cmd === 'enable' ? 'Enabled' : 'Disabled'} breakpoint ${b.num} at ${this.file}:${b.line}\n`);
        }
        break;
      case 'crash!':
        // An exception from nowhere (a timer): the TUI must restore the terminal.
        setTimeout(() => {
          throw new Error('boom from the test');
        });
        break;
      case 'q': case 'quit':
        this.finished = true;
        this.emit({ type: 'exit', code: 0 });
        return;
      default: {
        const m = /^!?\s*([A-Za-z_]\w*)\s*=\s*(.+)$/.exec(line.trim());
        if (m) {
          try {
            const f = this.stack[this.stop.selected];
            f.v[m[1]] = parseValue(m[2]);
          } catch (e) {
            this.say(`*** ${e.message}\n`);
          }
          break;
        }
        this.say(`*** NameError: name '${cmd.replace(/^!/, '')}' is not defined\n`);
      }
    }
    this.prompt();
  }

  async input() {}
  async action() {}
  interrupt() {
    this.interrupted = true;
  }
  async close() {}
}
