// Which dotted names a predicted state may write (docs/format.md, "Objects"): an
// attribute entry `X.attr` (to ATTR_DEPTH levels, `X.a.b.c`) follows an entry `X`
// already in the state (written before it, or, in a diff, in the state before), and
// each `attr` is one the program's code can set (python/ndbg/analysis/attrs.py, cfg.py's
// `attributes`: assignments to `….attr`, literal setattr, class-body names). Sound like
// the rest of the constraints: where the analysis cannot tell, any identifier.
//
// The grammar (grammar.ts) writes a variable's name with `DottedName` when the model
// was trained on format 2; its segments are the grammar's own automata.

import { ATTR_DEPTH } from '../format/format.js';
import type { TextAuto } from './textAuto.js';

/** What a format-2 grammar knows of attributes: the names the program can set (null: any), and the previous state's locals. */
export interface AttributeRule {
  names: ReadonlySet<string> | null;
  /** The keys of the state the prediction starts from (a diff's attribute entries may follow them, or go). */
  before: readonly string[];
}

/** The rule for a prediction from `before` by a model trained on `formatVersion` (undefined: format 1, no entries). */
export function attributeRule(formatVersion: number, names: ReadonlySet<string> | null, before: { locals: Record<string, string> }): AttributeRule | undefined {
  return formatVersion >= 2 ? { names, before: Object.keys(before.locals) } : undefined;
}

/**
 * What a diff may delete: what the constraints allow, and every attribute entry of the
 * state before (any call may delete an attribute, or a new one push a nested one past the cap).
 */
export function deletableWith(deletable: Set<string> | null, rule: AttributeRule | undefined): Set<string> | null {
  if (!deletable || !rule) return deletable;
  const dotted = rule.before.filter((k) => k.includes('.'));
  return dotted.length ? new Set([...deletable, ...dotted]) : deletable;
}

/**
 * A name automaton (the grammar's Trie or Ident): bytes in, the text so far, and the
 * bytes that may follow (a superset is fine: each is tried), for DottedName's search.
 */
export type NameAuto = TextAuto & { value(): string; next(): Iterable<number> };

const DOT = 0x2e;

/** States DottedName's search expands at most before it calls a state a dead end. */
const SEARCH_LIMIT = 20_000;

/** What DottedName needs from the grammar. */
export interface DottedParts {
  /** A fresh automaton of a name's first part: a local the state may show, or one an attribute may follow. */
  local: () => NameAuto;
  /** The plain local names the state may show (null: any). */
  plain: ReadonlySet<string> | null;
  /** A fresh automaton of one attribute name. */
  attribute: () => NameAuto;
  /** Names already written in this state: not again. */
  written: ReadonlySet<string>;
  /** Entries an attribute may follow: written in this state, or (a diff) in the state before. */
  known: (name: string) => boolean;
}

/** The shortest bytes to a complete name from each text reached (null: none), shared by one name's clones. */
type Memo = Map<string, number[] | null>;

/**
 * `local(.attribute){0,ATTR_DEPTH}`, never a written name, a dot only after a known entry.
 *
 * Its completion is found by searching its own transitions (breadth first, so the
 * shortest), and a byte is taken only when some completion is left after it: the
 * way it says to finish is always one it accepts, and no prefix it accepts is a dead
 * end (a written `cart` with no attribute left to write, an attribute set that is empty).
 */
export class DottedName implements TextAuto {
  private constructor(
    private readonly parts: DottedParts,
    private readonly memo: Memo,
    private seg: NameAuto,
    private head: string,
    private dots: number,
  ) {}

  static of(parts: DottedParts): DottedName {
    return new DottedName(parts, new Map(), parts.local(), '', 0);
  }

  clone(): DottedName {
    return new DottedName(this.parts, this.memo, this.seg.clone() as NameAuto, this.head, this.dots);
  }

  /** One transition, with no look ahead. */
  private step(b: number): boolean {
    if (b !== DOT) return this.seg.push(b);
    if (this.dots >= ATTR_DEPTH || !this.seg.complete()) return false; // the segment's own completeness: `cart` written is still a parent
    const parent = this.value();
    if (!this.parts.known(parent)) return false;
    this.head = `${parent}.`;
    this.dots++;
    this.seg = this.parts.attribute();
    return true;
  }

  push(b: number): boolean {
    const saved = { seg: this.seg.clone() as NameAuto, head: this.head, dots: this.dots };
    if (!this.step(b)) return false;
    if (this.complete() || this.finish() !== null) return true;
    this.seg = saved.seg;
    this.head = saved.head;
    this.dots = saved.dots;
    return false;
  }

  complete(): boolean {
    if (!this.seg.complete() || this.parts.written.has(this.value())) return false;
    return this.dots > 0 || this.parts.plain === null || this.parts.plain.has(this.value());
  }

  empty(): boolean {
    return this.head === '' && this.seg.empty();
  }

  /** Whether some bytes make it complete (false: a dead end, nothing may follow). */
  live(): boolean {
    return this.complete() || this.finish() !== null;
  }

  completion(): number[] {
    return this.finish() ?? [];
  }

  /** The shortest bytes that make it complete ([] when it is), null when none do. */
  private finish(): number[] | null {
    if (this.complete()) return [];
    const key = this.value();
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const found = this.search();
    this.memo.set(key, found);
    return found;
  }

  private search(): number[] | null {
    // the text decides the state (the dots split it into segments), so it keys what was seen
    const seen = new Set<string>([this.value()]);
    let level: Array<{ at: DottedName; path: number[] }> = [{ at: this, path: [] }];
    let expanded = 0;
    while (level.length) {
      const next: typeof level = [];
      for (const { at, path } of level) {
        if (++expanded > SEARCH_LIMIT) return null;
        const moves = new Set(at.seg.next());
        if (at.dots < ATTR_DEPTH) moves.add(DOT);
        for (const b of moves) {
          const c = at.clone();
          if (!c.step(b)) continue;
          const key = c.value();
          if (seen.has(key)) continue;
          seen.add(key);
          const p = [...path, b];
          if (c.complete()) return p;
          const memo = this.memo.get(key);
          if (memo !== undefined) {
            if (memo !== null) return [...p, ...memo];
            continue;
          }
          next.push({ at: c, path: p });
        }
      }
      level = next;
    }
    return null;
  }

  value(): string {
    return this.head + this.seg.value();
  }
}
