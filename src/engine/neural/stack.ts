// pdb's view of where the core stands: the stack pdb would show (bdb's and pdb's
// own frames around the program's, from the local CPython's facts), each program
// frame marked with its level so that nothing counts pdb's frames; the scope that
// `p`, `display` and `!stmt` evaluate in; and the stop as an event for front ends.

import type { Frame, StopEvent, ValueOrigin } from '../engine.js';
import type { Scope } from '../../pyval/index.js';
import type { Core } from './core.js';
import type { PdbFacts } from './probe.js';
import type { PdbFrame } from './render.js';
import type { Node } from './timeline.js';

/** pdb's stack for the core's place: bdb's frames, then the program's (outermost first). */
export function pdbStack(core: Core, facts: PdbFacts): PdbFrame[] {
  const f = facts;
  const file = core.file;
  const bdbRun: PdbFrame = { file: f.bdbFile, line: f.bdbRun[0], func: 'run' };
  const place = core.place;
  switch (place.kind) {
    case 'string':
      return [bdbRun, { file: '<string>', line: 1, func: '<module>', retval: 'None' }];
    case 'bdb': {
      const line = place.at === 'quit' ? f.bdbQuit[0] : place.at === 'except' ? f.bdbExcept[0] : f.bdbRun[0];
      return [{ file: f.bdbFile, line, func: 'run' }];
    }
    case 'pm': {
      const o = place.origin;
      return [
        { file: f.pdbFile, line: f.pdbMain[0], func: 'main' },
        { file: f.pdbFile, line: f.pdbRun[0], func: '_run' },
        bdbRun,
        // `__return__` lands in __main__'s dict, which `<string>` shares, once pdb stopped at the module's return
        { file: '<string>', line: 1, func: '<module>', ...(o.frames[0] && core.shownReturn(o.frames[0].id) !== undefined ? { retval: 'None' } : {}) },
        ...o.frames.map((fr, i, all): PdbFrame => {
          const pf: PdbFrame = { file, line: i === all.length - 1 ? o.line : fr.line, func: fr.func, level: i };
          // pdb leaves `__return__` in the locals of a frame it stopped at the return of
          const ret = core.shownReturn(fr.id);
          if (ret !== undefined) pf.retval = ret;
          return pf;
        }),
      ];
    }
    case 'node': {
      const node = core.timeline.current;
      const frames = node.frames.map((fr, i, all): PdbFrame => {
        const pf: PdbFrame = { file, line: fr.line, func: fr.func, level: i };
        if (i === all.length - 1 && node.state.event === 'return') pf.retval = node.state.retval ?? 'None';
        else if (fr.func === '<genexpr>') {
          // a generator's frame keeps the `__return__` pdb put there at its last yield
          const ret = core.shownReturn(fr.id);
          if (ret !== undefined) pf.retval = ret;
        }
        return pf;
      });
      return [bdbRun, { file: '<string>', line: 1, func: '<module>' }, ...frames];
    }
  }
}

/** pyval's scope for stack entry `f`: a program frame's locals, and the module's as globals. */
export function scopeOf(core: Core, f: PdbFrame | undefined): Scope {
  if (f?.level === undefined) {
    // `<string>` runs with __main__'s namespace: the module's variables
    if (f?.file !== '<string>') return { locals: {} };
    return { locals: core.place.kind === 'string' ? core.timeline.current.state.locals : core.localsOf(0) };
  }
  const locals = core.localsOf(f.level);
  // the program's objects, known at the newest state (where the debugger stands) only
  const top = core.place.kind === 'node' && f.level === core.programFrames().length - 1 && !core.frameEdits.size;
  const program = top ? (core.model.objectsAt(core.timeline.current.state) ?? undefined) : undefined;
  const scope: Scope = { locals, ...(program ? { program } : {}) };
  return f.level === 0 ? scope : { ...scope, globals: core.localsOf(0) };
}

/** Where a node's values come from: what it records, else by how the node came to be (the model's, read from the real run). */
function nodeOrigins(n: Node | undefined, locals: Record<string, string>): Record<string, ValueOrigin> {
  const fallback: ValueOrigin = n?.origin === 'real' ? 'real' : 'predicted';
  const out: Record<string, ValueOrigin> = {};
  for (const k of Object.keys(locals)) out[k] = n?.valueOrigin?.[k] ?? fallback;
  return out;
}

/**
 * Where the values of program frame `level` come from, as core.localsOf finds them:
 * the latest state of that frame, with its edits (computed by pyval).
 */
function originsOf(core: Core, level: number): Record<string, ValueOrigin> {
  const frames = core.programFrames();
  const fr = frames[level];
  if (!fr) return {};
  const locals = core.localsOf(level);
  const ownFrame = (n: Node) => n.frames[n.frames.length - 1]?.id === fr.id;
  let node: Node | undefined;
  const place = core.place;
  if (place.kind === 'pm') node = level === frames.length - 1 ? undefined : place.origin.seen.find(ownFrame);
  else if (place.kind === 'node' && level === frames.length - 1) node = core.timeline.current;
  if (!node && !(place.kind === 'pm' && level === frames.length - 1)) {
    const nodes = core.timeline.nodes;
    for (let k = place.kind === 'node' ? core.timeline.pos : nodes.length - 1; k >= 0 && !node; k--) if (ownFrame(nodes[k]!)) node = nodes[k];
  }
  const out = nodeOrigins(node, locals);
  for (const k of Object.keys(core.frameEdits.get(fr.id) ?? {})) if (k in out) out[k] = 'computed';
  return out;
}

/** The stop as front ends get it: every frame with its locals, the selected one, and what the event carries. */
export function stopEvent(core: Core, stack: PdbFrame[], selected: number): StopEvent {
  const frames: Frame[] = stack.map((f) =>
    f.level !== undefined
      ? { file: f.file, line: f.line, func: f.func, locals: core.localsOf(f.level), origin: originsOf(core, f.level) }
      : { file: f.file, line: f.line, func: f.func, locals: {} },
  );
  // every neural stop is a prediction (docs/json.md): front ends say so
  const ev: StopEvent = { type: 'stop', event: 'line', frames, selected, predicted: true };
  const place = core.place;
  if (core.fallback) ev.fallback = core.fallback;
  if (place.kind === 'node') {
    const node = core.timeline.current;
    const s = node.state;
    ev.event = s.event === 'exit' ? 'line' : s.event;
    if (s.event === 'return') ev.retval = s.retval ?? 'None';
    if (s.event === 'exception' && s.exception) ev.exception = s.exception;
    const last = frames[frames.length - 1];
    if (last) last.confidence = { ...node.confidence };
    if (last?.origin) {
      // the event's own values: the return value, the exception, what was written on the way
      const fallback: ValueOrigin = node.origin === 'real' ? 'real' : 'predicted';
      const keys = [...(s.event === 'return' ? ['<retval>'] : []), ...(s.exception ? ['<exception>'] : []), ...(s.stdout ? ['<stdout>'] : [])];
      for (const k of keys) last.origin[k] = node.valueOrigin?.[k] ?? fallback;
    }
    if (last && node.alternatives) last.alternatives = node.alternatives;
    if (node.check) ev.check = { ...node.check };
    if (node.latencyMs !== undefined) ev.latencyMs = Math.round(node.latencyMs * 10) / 10;
  } else if (place.kind === 'string') {
    ev.event = place.phase;
    ev.retval = 'None';
    if (place.exception) ev.exception = place.exception;
  } else if (place.kind === 'bdb' && place.at === 'run') {
    ev.event = 'exception';
    ev.exception = place.exception;
  } else if (place.kind === 'pm') {
    ev.event = 'exception';
    ev.exception = place.exception;
    ev.postMortem = true;
  }
  return ev;
}
