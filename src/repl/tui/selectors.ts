// Views derived from the state, for the panes and the key handlers: the selected
// frame, the variables in display order, what `--verify` marks, which values the
// last step changed. Pure functions of a State; nothing here is stored.
import { relative, sep } from 'node:path';
import type { Frame, VerifyPair } from '../../engine/engine.js';
import { isAttributeEntry } from '../../model/format/format.js';
import type { State, Variable, VerifyView } from './state.js';

/** `at 0x7f3a...` addresses as `at 0x…` (casts played twice must be equal). */
export function maskAddresses(text: string): string {
  return text.replace(/ at 0x[0-9a-fA-F]{4,}/g, ' at 0x…');
}

/** A repr as shown: addresses masked when the state says so. */
function shown(s: State, text: string): string {
  return s.maskAddresses ? maskAddresses(text) : text;
}

export function selectedFrame(s: State): Frame | undefined {
  return s.stop?.frames[s.selected];
}

/** A path as shown: relative to the working directory when under it. */
export function displayPath(s: Pick<State, 'cwd'>, p: string): string {
  if (!p.startsWith(s.cwd + sep)) return p;
  return relative(s.cwd, p);
}

/**
 * The frame whose locals are the selected frame's globals: the module-level
 * frame of the same file, when it is on the stack.
 */
export function globalsFrame(s: State): Frame | undefined {
  const f = selectedFrame(s);
  return f && s.stop?.frames.find((g) => g.func === '<module>' && g.file === f.file);
}

/** Variables of the selected frame (or its globals) in display order. */
export function variables(s: State): Variable[] {
  const out = shownVariables(s);
  // --verify: real locals the model did not predict, after the predicted ones.
  const v = verifyView(s);
  if (v) {
    const have = new Set(out.map((x) => x.name));
    for (const [name, p] of Object.entries(v.locals)) {
      if (p.predicted === null && p.real !== null && !have.has(name) && !isAttributeEntry(name)) out.push({ name, value: '—', absent: true });
    }
  }
  return out;
}

function shownVariables(s: State): Variable[] {
  if (s.showGlobals) {
    const g = globalsFrame(s);
    if (!g) return [];
    return Object.entries(g.locals)
      .filter(([n]) => (s.showDunder || !(n.startsWith('__') && n.endsWith('__'))) && !isAttributeEntry(n))
      .map(([name, value]) => ({ name, value: shown(s, s.edited[name] ?? value), ...withAttributes(g, name) }));
  }
  const f = selectedFrame(s);
  if (!f) return [];
  const out: Variable[] = [];
  const isInner = s.stop && s.selected === s.stop.frames.length - 1;
  if (isInner && s.stop?.exception && !('__exception__' in f.locals)) {
    out.push({ name: '<exception>', value: s.stop.exception, special: true });
  }
  if (isInner && s.stop?.retval !== undefined && !('__return__' in f.locals)) {
    out.push({ name: '<return>', value: s.stop.retval, special: true });
  }
  for (const [name, value] of Object.entries(f.locals)) {
    // `cart.items` (docs/format.md "Objects"): a child of `cart`, a row when it is opened
    if (isAttributeEntry(name)) continue;
    const dunder = name.startsWith('__') && name.endsWith('__');
    const special = name === '__return__' || name === '__exception__';
    if (dunder && !special && !s.showDunder) continue;
    out.push({ name, value: shown(s, s.edited[name] ?? value), special, ...withAttributes(f, name) });
  }
  return out;
}

/** `{ attributes: true }` when the frame shows attributes of the local `name` (its `name.x` entries follow it). */
function withAttributes(f: Frame, name: string): { attributes?: true } {
  const keys = Object.keys(f.locals);
  const next = keys[keys.indexOf(name) + 1];
  return next?.startsWith(`${name}.`) ? { attributes: true } : {};
}

/**
 * `--verify` marks for what is on show, or undefined. The comparison is of the
 * innermost frame, so marks apply only while it is the one shown (in the
 * globals view: when it is the module frame).
 */
export function verifyView(s: State): VerifyView | undefined {
  const v = s.verify;
  const frames = s.stop?.frames;
  if (!v || !frames?.length || v.exact) return undefined;
  const inner = frames[frames.length - 1];
  const shownFrame = s.showGlobals ? globalsFrame(s) : selectedFrame(s);
  const locals: Record<string, VerifyPair> = {};
  if (shownFrame && shownFrame === inner) {
    for (const [k, p] of Object.entries(v.locals ?? {})) if (!(k in s.edited)) locals[k] = p;
    if (v.retval && !s.showGlobals) locals['<return>'] = locals['__return__'] = v.retval;
  }
  const view: VerifyView = { locals };
  if (v.line && s.selected === frames.length - 1) {
    view.lineNote = `predicted ${v.line.predicted ?? '—'}, real ${v.line.real ?? '—'}`;
    if (typeof v.line.real === 'number') view.realLine = v.line.real;
  }
  return view;
}

/** Whether what the panes show is the model's prediction (the stop says so; before one, the engine did). */
export function isPredicted(s: Pick<State, 'stop' | 'predicted'>): boolean {
  return s.stop ? s.stop.predicted === true : s.predicted;
}

/** A pane's title, saying when its content is predicted. */
export function predictedTitle(title: string, predicted: boolean): string {
  return predicted ? `${title} · predicted` : title;
}

/** Index in `frames` of the program's outermost frame: pdb's own (`bdb.py` run(), `<string>`) come first. */
export function programStart(frames: ReadonlyArray<Pick<Frame, 'file'>>): number {
  const i = frames.findIndex((f) => f.file === '<string>');
  return i < 0 ? 0 : i + 1;
}

/** The first frame the Stack pane lists: the program's outermost unless all are shown (never past the selected one). */
export function firstShownFrame(s: State): number {
  if (s.showAllFrames || !s.stop) return 0;
  return Math.min(programStart(s.stop.frames), s.selected);
}

/**
 * `--verify`: where the real stack differs from the predicted one. Program frames
 * are paired outermost first (the real ones are `verify.real.frames`); `frames`
 * maps an index of the stop's frames to the real frame there (null: the real
 * stack has no frame there), `extra` lists real frames beyond the predicted ones
 * (outermost first). Undefined when they agree or nothing was compared.
 */
export function stackMismatch(s: State): StackMismatch | undefined {
  const real = s.verify?.real?.frames;
  const frames = s.stop?.frames;
  if (!real || !frames || s.verify?.exact) return undefined;
  const start = programStart(frames);
  const out: StackMismatch = { frames: {}, extra: [] };
  let differs = false;
  for (let i = start; i < frames.length; i++) {
    const r = real[i - start];
    const f = frames[i]!;
    if (!r || r.func !== f.func || r.line !== f.line) {
      out.frames[i] = r ?? null;
      differs = true;
    }
  }
  out.extra = real.slice(frames.length - start);
  if (out.extra.length) differs = true;
  return differs ? out : undefined;
}

export interface StackMismatch {
  frames: Record<number, { func: string; line: number } | null>;
  extra: Array<{ func: string; line: number }>;
}

/** Names whose value differs from the previous stop in the same frame. */
export function changedNames(s: State): Set<string> {
  const f = selectedFrame(s);
  const prev = s.prevFrames[s.selected];
  const out = new Set<string>();
  if (!f || !prev || prev.func !== f.func || prev.file !== f.file) return out;
  for (const [k, v] of Object.entries(f.locals)) if (prev.locals[k] !== v) out.add(k);
  return out;
}
