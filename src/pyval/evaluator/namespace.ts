// A frame's namespaces as the evaluator holds them: variables parsed from their
// repr strings on first use, the names a statement bound, changed or deleted,
// and the repr each value shows as (a change is a repr that differs from the
// one first read).

import { uncounted } from '../interp.js';
import { parseRepr, type ParseReprOptions } from '../repr-parse.js';
import { failedRepr, repr, SHOWN_REPR_ERRORS } from '../repr.js';
import { PyError, Refusal, type Value } from '../value.js';

/** Lazily parsed variables of one namespace, with change tracking. */
export class Vars {
  private readonly cache = new Map<string, Value>();
  private readonly canonical = new Map<string, string>();
  readonly assigned = new Set<string>();
  readonly deleted = new Set<string>();

  constructor(
    private readonly reprs: Record<string, string>,
    private readonly opts: ParseReprOptions,
    private readonly preset?: (name: string) => Value | undefined,
  ) {}

  /** The values read or bound so far. */
  values(): Map<string, Value> {
    return new Map(this.cache);
  }

  has(name: string): boolean {
    if (this.deleted.has(name)) return false;
    return this.cache.has(name) || Object.hasOwn(this.reprs, name);
  }

  get(name: string): Value | undefined {
    if (this.deleted.has(name)) return undefined;
    const hit = this.cache.get(name);
    if (hit) return hit;
    if (!Object.hasOwn(this.reprs, name)) return undefined;
    const v = this.preset?.(name) ?? parseRepr(this.reprs[name]!, this.opts);
    this.cache.set(name, v);
    this.canonical.set(
      name,
      uncounted(() => safeRepr(v)),
    );
    return v;
  }

  set(name: string, v: Value): void {
    this.cache.set(name, v);
    this.deleted.delete(name);
    this.assigned.add(name);
  }

  delete(name: string): boolean {
    if (!this.has(name)) return false;
    this.cache.delete(name);
    this.assigned.delete(name);
    this.deleted.add(name);
    return true;
  }

  names(): string[] {
    const out = new Set<string>();
    for (const k of Object.keys(this.reprs)) if (!this.deleted.has(k)) out.add(k);
    for (const k of this.cache.keys()) out.add(k);
    return [...out];
  }

  /** Names whose value is new or whose repr changed (in place mutation included). */
  changes(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, v] of this.cache) {
      let now: string;
      try {
        now = shownRepr(v);
      } catch (e) {
        if (!(e instanceof PyError)) throw e;
        throw new Refusal(`the new value of ${name} cannot be written as a repr (${e.message})`, undefined, true);
      }
      const before = Object.hasOwn(this.reprs, name) ? this.reprs[name] : undefined;
      if (this.assigned.has(name) ? now !== before : now !== this.canonical.get(name)) out[name] = now;
    }
    return out;
  }
}

/**
 * A value as a frame shows it: its repr, or for an instance of the program whose
 * own `__repr__` raises (an attribute not set yet), the failure as the bridge
 * writes it (`failedRepr`). Other errors propagate.
 */
export function shownRepr(v: Value): string {
  try {
    return repr(v);
  } catch (e) {
    if (e instanceof PyError && v.kind === 'instance' && SHOWN_REPR_ERRORS.has(e.type)) return failedRepr(e);
    throw e;
  }
}

function safeRepr(v: Value): string {
  try {
    return repr(v);
  } catch {
    return '';
  }
}
