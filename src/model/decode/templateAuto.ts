// A value whose repr is partly known: computed text around holes the model fills.
//
// Where a statement's effect can be worked out except for some of the values it
// stores (`codes.append(r.status_code)` with `r` from a package ndbg does not
// model), the evaluator computes the new value with a hole for each unknown piece
// (computed/holes.ts): `[200, ` HOLE `]`. The model then writes only the holes;
// the text around them is forced byte for byte. A hole is a whole repr (reprAuto.ts).
// The tracer's cut holds for the whole value: at REPR_LIMIT characters the text
// stops with `...`, wherever that falls (docs/format.md).

import { CUT_MARKER, REPR_LIMIT } from '../format/format.js';
import { Repr } from './reprAuto.js';
import { bytesOf, type TextAuto } from './textAuto.js';

/** A repr template: known text, and `null` for each hole. */
export type Template = ReadonlyArray<string | null>;

const DOT = 0x2e;
const isLead = (b: number) => (b & 0xc0) !== 0x80;

/** One way of reading the bytes so far: the part it is in, how far into a literal, the hole's automaton. */
interface Way {
  part: number;
  off: number;
  hole: Repr | null;
}

export class TemplateRepr implements TextAuto {
  private readonly parts: number[][];
  private ways: Way[];
  chars = 0;
  dots = 0;

  constructor(
    private readonly template: Template,
    private readonly own = false,
    private readonly plain: ReadonlySet<string> | null = null,
  ) {
    this.parts = template.map((p) => (p === null ? [] : bytesOf(p)));
    this.ways = this.settle([{ part: 0, off: 0, hole: null }]);
  }

  clone(): TemplateRepr {
    const t = new TemplateRepr(this.template, this.own, this.plain);
    t.ways = this.ways.map((w) => ({ ...w, hole: w.hole ? w.hole.clone() : null }));
    t.chars = this.chars;
    t.dots = this.dots;
    return t;
  }

  /** Ways moved past finished literals and into holes they reach (a hole starts empty). */
  private settle(ways: Way[]): Way[] {
    const out: Way[] = [];
    for (let w of ways) {
      for (;;) {
        if (w.part >= this.template.length) break;
        if (this.template[w.part] === null) {
          if (!w.hole) w = { ...w, hole: new Repr(this.own, this.plain) };
          break;
        }
        if (w.off < this.parts[w.part]!.length) break;
        w = { part: w.part + 1, off: 0, hole: null };
      }
      out.push(w);
    }
    return out;
  }

  private done(w: Way): boolean {
    return w.part >= this.template.length;
  }

  push(b: number): boolean {
    if (this.dots === CUT_MARKER.length) return false;
    if (this.dots > 0 || (isLead(b) && this.chars >= REPR_LIMIT)) {
      // the tracer's cut: exactly three dots after the limit, wherever the text is
      if (b !== DOT || this.chars < REPR_LIMIT) return false;
      this.dots++;
      return true;
    }
    const next: Way[] = [];
    for (const w of this.ways) {
      if (this.done(w)) continue;
      if (w.hole) {
        // go on in the hole, or, where it is a whole repr, leave it for the next literal
        const h = w.hole.clone();
        if (h.push(b)) next.push({ ...w, hole: h });
        if (w.hole.complete() && w.part + 1 < this.template.length) {
          const after = this.settle([{ part: w.part + 1, off: 0, hole: null }])[0]!;
          if (!after.hole && !this.done(after) && this.parts[after.part]![after.off] === b) next.push({ ...after, off: after.off + 1 });
        }
      } else if (this.parts[w.part]![w.off] === b) {
        next.push({ ...w, off: w.off + 1 });
      }
    }
    if (!next.length) return false;
    this.ways = this.settle(next).slice(0, 8);
    if (isLead(b)) this.chars++;
    return true;
  }

  complete(): boolean {
    if (this.dots === CUT_MARKER.length) return true;
    if (this.dots > 0) return false;
    return this.ways.some((w) => this.done(w) || (w.hole !== null && w.part === this.template.length - 1 && w.hole.complete()));
  }

  empty(): boolean {
    return this.chars === 0 && this.dots === 0;
  }

  /** Bytes that finish the value: each hole finished as its repr automaton would, each literal as it is. */
  completion(): number[] {
    const out: number[] = [];
    const t = this.clone();
    for (let guard = 0; !t.complete() && guard < 4096; guard++) {
      let b: number | undefined;
      if (t.chars >= REPR_LIMIT || t.dots > 0) b = DOT;
      else {
        const w = t.ways[0]!;
        if (w.hole) {
          const rest = w.hole.completion();
          if (rest.length) b = rest[0];
          else b = t.parts[w.part + 1]?.[0];
        } else b = t.parts[w.part]![w.off];
      }
      if (b === undefined || !t.push(b)) break;
      out.push(b);
    }
    return out;
  }
}

/** Whether a template has holes (otherwise it is a value computed whole). */
export const hasHoles = (t: Template): boolean => t.some((p) => p === null);
