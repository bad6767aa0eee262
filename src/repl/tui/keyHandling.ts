// What a key does, for every pane and the command line: a pure function from
// the state and a key to the effects to perform, in order. State changes are
// patches; everything that needs the engine or the outside world (run a
// command, interrupt, quit, answer the program's input, redraw) is an intent
// the store carries out. Which key triggers which debugger action is keymap.ts.
import { breakpointsAt } from './breakpoints.js';
import { complete } from './complete.js';
import { scrollHelp } from './help.js';
import { paneItems, watchKey } from './paneItems.js';
import { ownerExpr } from './varTree.js';
import type { Watch } from './watches.js';
import { walkHistory } from './historyNav.js';
import type { Key } from './keys.js';
import { COMMANDS, GLOBAL_KEYS, PANE_KEYS, type KeyAction } from './keymap.js';
import { editCommandLine, editValue } from './lineEdit.js';
import { displayPath, firstShownFrame, selectedFrame, variables } from './selectors.js';
import { follow, moveCursor } from './sourceView.js';
import { FOCUS_ORDER, type State } from './state.js';

export type Effect =
  | { kind: 'set'; patch: Partial<State> }
  /** A command line as if typed and entered; `fromKey`: a key's, kept out of the history. */
  | { kind: 'submit'; line: string; fromKey: boolean }
  /** End of input for the program that waits for a line (Ctrl-D on an empty line). */
  | { kind: 'eof' }
  | { kind: 'interrupt' }
  | { kind: 'quit' }
  | { kind: 'redraw' }
  /** The watch list is now this (saved, and evaluated, by the store). */
  | { kind: 'watches'; watches: Watch[] }
  /** Fetch a page of the children of `expr` from `start` (the variables tree). */
  | { kind: 'children'; expr: string; start: number };

export interface KeyContext {
  /** The command history, oldest first. */
  history: readonly string[];
  /** Lines in a source file, when it can be read. */
  fileLength(file: string): number | undefined;
}

const set = (patch: Partial<State>): Effect => ({ kind: 'set', patch });
const command = (line: string): Effect => ({ kind: 'submit', line, fromKey: true });
const IDENT = /^[A-Za-z_]\w*$/;

export function keyEffects(s: State, k: Key, ctx: KeyContext): Effect[] {
  if (s.done) return [];
  const out: Effect[] = [];
  if (s.message) {
    out.push(set({ message: undefined }));
    s = { ...s, message: undefined };
  }
  if (k.name === 'ctrl-c') return [...out, { kind: 'interrupt' }];
  if (k.name === 'ctrl-l') return [...out, { kind: 'redraw' }];
  if (s.helpTop !== undefined) return [...out, ...helpKey(s, k)];
  const global = GLOBAL_KEYS[k.name];
  if (global) return [...out, ...act(s, global)];
  if (k.name.startsWith('alt-')) {
    const a = PANE_KEYS[k.name.slice(4)];
    if (a) return [...out, ...act(s, a)];
  }
  if (s.varEdit) return [...out, ...valueEditorKey(s, k)];
  if (s.focus === 'command') return [...out, ...commandLineKey(s, k, ctx)];
  return [...out, ...paneKey(s, k, ctx)];
}

function act(s: State, a: KeyAction): Effect[] {
  switch (a.kind) {
    case 'command':
      return [command(a.line)];
    case 'toggle-breakpoint':
      return toggleBreakpoint(s);
    case 'help':
      return [set({ helpTop: 0 })];
    case 'quit':
      return [{ kind: 'quit' }];
  }
}

/** F9 / `b`: clear the breakpoints on the source cursor's line, or set one there. */
export function toggleBreakpoint(s: State): Effect[] {
  const f = selectedFrame(s);
  if (!f) return [];
  const line = s.sourceCursor || f.line;
  const bps = breakpointsAt(s.breakpoints, f.file, line);
  return [command(bps.length ? `cl ${f.file}:${line}` : `b ${f.file}:${line}`)];
}

function focusNext(s: State, dir: 1 | -1): Effect {
  const i = FOCUS_ORDER.indexOf(s.focus);
  const n = FOCUS_ORDER.length;
  return set({ focus: FOCUS_ORDER[(i + dir + n) % n]! });
}

function commandLineKey(s: State, k: Key, ctx: KeyContext): Effect[] {
  const { input, cursor } = s;
  switch (k.name) {
    case 'paste': {
      // One command per pasted line; the last (unfinished) one stays on the line.
      const lines = k.text!.replace(/\r\n?/g, '\n').split('\n');
      const last = lines.pop()!;
      let cur = input.slice(0, cursor);
      const rest = input.slice(cursor);
      const out: Effect[] = [];
      for (const l of lines) {
        out.push(set({ input: '', cursor: 0 }), { kind: 'submit', line: cur + l, fromKey: false });
        cur = '';
      }
      return [...out, set({ input: cur + last + rest, cursor: cur.length + last.length })];
    }
    case 'enter':
      return [set({ input: '', cursor: 0 }), { kind: 'submit', line: input, fromKey: false }];
    case 'ctrl-d':
      if (input === '') return [s.awaitingInput && !s.busy ? { kind: 'eof' } : { kind: 'quit' }];
      break;
    case 'up':
    case 'ctrl-p':
    case 'down':
    case 'ctrl-n': {
      const r = walkHistory(s.history, ctx.history, k.name === 'up' || k.name === 'ctrl-p' ? -1 : 1, input);
      return r ? [set({ history: r.history, input: r.input, cursor: r.input.length })] : [];
    }
    case 'tab': {
      if (input.trim() === '') return [focusNext(s, 1)];
      const names = variables(s)
        .map((v) => v.name)
        .filter((n) => IDENT.test(n));
      const r = complete(input, cursor, COMMANDS, names);
      return [set({ ...(r.choices.length ? { message: r.choices.join('  ') } : {}), input: r.input, cursor: r.cursor })];
    }
    case 'shift-tab':
      return [focusNext(s, -1)];
    case 'escape':
      return [set({ focus: 'source' })];
    case 'pageup':
      return [set(scroll(s, 'console', +pageOf(s, 'console')))];
    case 'pagedown':
      return [set(scroll(s, 'console', -pageOf(s, 'console')))];
  }
  const edited = editCommandLine({ text: input, cursor }, k);
  return edited ? [set({ input: edited.text, cursor: edited.cursor })] : []; // unknown keys do nothing
}

function valueEditorKey(s: State, k: Key): Effect[] {
  const e = s.varEdit!;
  switch (k.name) {
    case 'escape':
      return [set({ varEdit: undefined })];
    case 'enter': {
      const value = e.text.trim();
      const watch = s.watches.findIndex((w) => watchKey(w.expr) === e.name);
      if (watch >= 0) {
        // A watch's new expression; an empty one removes the watch.
        const ws = s.watches.map((w, i) => (i === watch ? { expr: value } : w)).filter((w) => w.expr !== '');
        return [set({ varEdit: undefined }), { kind: 'watches', watches: ws }];
      }
      if (value === '') return [set({ varEdit: undefined })];
      // In the globals view a plain `!x = v` would make a local of the function;
      // a child of the tree is assigned through its expression (`!items[0] = v`, `!obj.attr = v`).
      const line = s.showGlobals && IDENT.test(e.name) ? `!globals()[${JSON.stringify(e.name)}] = ${value}` : `!${e.name} = ${value}`;
      const child = IDENT.test(e.name) ? undefined : { command: line, key: e.name };
      return [set({ varEdit: undefined, childEdit: child }), command(line)];
    }
  }
  const edited = editValue(e, k);
  if (!edited || (edited.text === e.text && edited.cursor === e.cursor)) return [];
  return [set({ varEdit: { ...e, ...edited } })];
}

/** Keys while the help overlay is open: scroll it, close it; nothing else. */
function helpKey(s: State, k: Key): Effect[] {
  const ch = k.name === 'text' && k.text!.length === 1 ? k.text! : '';
  if (k.name === 'escape' || k.name === 'f1' || ch === 'q' || ch === '?' || ch === 'h' || k.name === 'enter') return [set({ helpTop: undefined })];
  const h = s.layout.topHeight + s.layout.bottomHeight - 1;
  let by: number;
  if (k.name === 'up' || ch === 'k') by = -1;
  else if (k.name === 'down' || ch === 'j') by = 1;
  else if (k.name === 'pageup') by = -Math.max(1, h - 1);
  else if (k.name === 'pagedown' || ch === ' ') by = Math.max(1, h - 1);
  else if (k.name === 'home' || ch === 'g') by = -Infinity;
  else if (k.name === 'end' || ch === 'G') by = Infinity;
  else return [];
  return [set({ helpTop: scrollHelp(s.helpTop ?? 0, by, s.cols, h) })];
}

/** Open `key` in the variables tree: shown as loading until its children come. */
function openNode(s: State, key: string): Effect[] {
  const open = new Set(s.open);
  open.add(key);
  return [set({ open }), { kind: 'children', expr: key, start: 0 }];
}

function pageOf(s: State, p: 'console' | 'output'): number {
  return Math.max(1, s.layout[p].height - 2);
}

/** The console or output pane scrolled `by` rows back (negative: forward). */
function scroll(s: State, p: 'console' | 'output', by: number): Partial<State> {
  const lines = p === 'console' ? s.console : s.output;
  const h = s.layout[p].height - 1;
  // Rows, not lines, once long lines wrap: allow a screenful extra; the pane
  // stops at the top whatever the number.
  const max = Math.max(0, lines.length - h) + h;
  const key = p === 'console' ? 'consoleScroll' : 'outputScroll';
  return { [key]: Math.max(0, Math.min(max, s[key] + by)) };
}

function paneKey(s: State, k: Key, ctx: KeyContext): Effect[] {
  if (k.name === 'tab') return [focusNext(s, 1)];
  if (k.name === 'shift-tab') return [focusNext(s, -1)];
  if (k.name === 'escape' || (k.name === 'text' && k.text === ':')) return [set({ focus: 'command' })];
  const own = paneOwnKey(s, k, ctx);
  if (own) return own;
  if (k.name === 'text' && k.text!.length === 1) {
    const a = PANE_KEYS[k.text!];
    if (a) return act(s, a);
  }
  if (k.name === 'text' || k.name === 'paste') {
    // Typing in a pane starts a command.
    return [set({ focus: 'command' }), ...commandLineKey({ ...s, focus: 'command' }, k, ctx)];
  }
  if (k.name === 'enter' && s.focus !== 'variables' && s.focus !== 'breakpoints') return [set({ focus: 'command' })];
  return [];
}

/** The focused pane's own keys; undefined when the key is not one of them. */
function paneOwnKey(s: State, k: Key, ctx: KeyContext): Effect[] | undefined {
  const ch = k.name === 'text' && k.text!.length === 1 ? k.text! : '';
  const up = k.name === 'up' || ch === 'k';
  const down = k.name === 'down' || ch === 'j';
  switch (s.focus) {
    case 'source': {
      const f = selectedFrame(s);
      const moved = moveCursor(s, k, f ? (ctx.fileLength(f.file) ?? 1) : 1, f?.line);
      if (moved) return [set(moved)];
      if (ch === '/') return [set({ focus: 'command', input: '/', cursor: 1 })];
      if (ch === 'B' || ch === 't') {
        if (!f) return [];
        const text = `${ch === 't' ? 'tbreak' : 'b'} ${f.file}:${s.sourceCursor}` + (ch === 'B' ? ', ' : '');
        // B leaves the line for the condition to be typed.
        return [ch === 't' ? command(text) : set({ focus: 'command', input: text, cursor: text.length })];
      }
      if (ch === 'x') {
        if (!f) return [];
        const bps = breakpointsAt(s.breakpoints, f.file, s.sourceCursor);
        return bps.length ? [command(`${bps[0]!.enabled ? 'disable' : 'enable'} ${bps.map((b) => b.number).join(' ')}`)] : [];
      }
      return undefined;
    }
    case 'variables': {
      const vars = paneItems(s);
      const v = vars[s.varSel];
      const key = v ? (v.key ?? v.name) : '';
      if (up) return [set({ varSel: Math.max(0, s.varSel - 1) })];
      if (down) return [set({ varSel: Math.min(Math.max(0, vars.length - 1), s.varSel + 1) })];
      if (k.name === 'pageup' || k.name === 'pagedown') {
        const page = Math.max(1, s.layout.variables.height - 2);
        const to = s.varSel + (k.name === 'pageup' ? -page : page);
        return [set({ varSel: Math.max(0, Math.min(vars.length - 1, to)) })];
      }
      if (ch === '+') {
        // A watch, typed on the command line (the selected local's name to start from).
        const text = `watch ${v && (v.kind ?? 'var') === 'var' && IDENT.test(v.name) ? v.name : ''}`;
        return [set({ focus: 'command', input: text, cursor: text.length })];
      }
      if (v?.kind === 'watch' && (k.name === 'delete' || ch === 'x')) {
        return [
          { kind: 'watches', watches: s.watches.filter((w) => w.expr !== v.name) },
          set({ varSel: Math.max(0, s.varSel - (s.varSel === vars.length - 1 ? 1 : 0)) }),
        ];
      }
      if (v?.kind === 'more' && (k.name === 'enter' || k.name === 'right' || ch === ' ')) {
        const expr = ownerExpr(key);
        return [{ kind: 'children', expr, start: s.tree.get(expr)?.children.length ?? 0 }];
      }
      if (v?.kind === 'note' && (k.name === 'enter' || k.name === 'right' || ch === ' ' || ch === 'e')) return [];
      if (k.name === 'enter' || ch === 'e') {
        if (!v) return [];
        // A watch's expression is edited (emptied: removed); a local's or a child's value is set.
        if (v.kind === 'watch') return [set({ varEdit: { name: key, text: v.name, cursor: v.name.length } })];
        if (v.kind === 'child') return [set({ varEdit: { name: key, text: v.value, cursor: v.value.length } })];
        if (v.special || !IDENT.test(v.name)) return [set({ message: `${v.name} cannot be set` })];
        const text = v.absent ? '' : v.value;
        return [set({ varEdit: { name: key, text, cursor: text.length } })];
      }
      if (k.name === 'right' || k.name === 'left' || ch === ' ') {
        if (!v) return [];
        // The tree: Right opens (or goes to the first child), Left closes (or goes to the parent), Space toggles.
        if (v.open !== undefined && !s.expanded.has(key)) {
          if (k.name === 'right' && v.open) return [set({ varSel: s.varSel + 1 })];
          if (k.name === 'right' || (ch === ' ' && !v.open)) return openNode(s, key);
          if (k.name === 'left' || ch === ' ') {
            const open = new Set(s.open);
            open.delete(key);
            return [set({ open })];
          }
        }
        const depth = v.depth ?? 0;
        if (k.name === 'left' && depth > 0 && !s.expanded.has(key)) {
          let j = s.varSel - 1;
          while (j > 0 && (vars[j]!.depth ?? 0) >= depth) j--;
          return [set({ varSel: Math.max(0, j) })];
        }
        const ex = new Set(s.expanded);
        if (k.name === 'left' || (ch === ' ' && ex.has(key))) ex.delete(key);
        else ex.add(key);
        return [set({ expanded: ex })];
      }
      if (ch === 'a') return [set({ showDunder: !s.showDunder, varSel: 0 })];
      if (ch === 'g') return [set({ showGlobals: !s.showGlobals, varSel: 0, expanded: new Set() })];
      return undefined;
    }
    case 'stack': {
      // Innermost frame is listed first; moving down the list goes up the stack.
      if (s.stop && down && s.selected > firstShownFrame(s)) return [command('u')];
      if (s.stop && up && s.selected < s.stop.frames.length - 1) return [command('d')];
      if (ch === 'a') return [set({ showAllFrames: !s.showAllFrames })];
      return up || down ? [] : undefined;
    }
    case 'breakpoints': {
      const bps = s.breakpoints;
      const bp = bps[s.bpSel];
      if (up) return [set({ bpSel: Math.max(0, s.bpSel - 1) })];
      if (down) return [set({ bpSel: Math.min(Math.max(0, bps.length - 1), s.bpSel + 1) })];
      if (ch === ' ') return bp ? [command(`${bp.enabled ? 'disable' : 'enable'} ${bp.number}`)] : [];
      if (k.name === 'delete' || ch === 'x') {
        return [...(bp ? [command(`cl ${bp.number}`)] : []), set({ bpSel: Math.max(0, Math.min(s.bpSel, bps.length - 2)) })];
      }
      if (k.name === 'enter') {
        const f = selectedFrame(s);
        if (bp && f && bp.file === f.file) return [set({ ...follow(s, bp.line, ctx.fileLength(f.file) ?? bp.line, false), focus: 'source' })];
        return bp ? [set({ message: `breakpoint ${bp.number} is in ${displayPath(s, bp.file)}` })] : [];
      }
      return undefined;
    }
    case 'console':
    case 'output': {
      const page = pageOf(s, s.focus);
      let by: number;
      if (up) by = 1;
      else if (down) by = -1;
      else if (k.name === 'pageup') by = page;
      else if (k.name === 'pagedown') by = -page;
      else if (k.name === 'end' || ch === 'G') by = -Infinity;
      else if (k.name === 'home' || ch === 'g') by = Infinity;
      else return undefined;
      return [set(scroll(s, s.focus, by))];
    }
    default:
      return undefined;
  }
}
