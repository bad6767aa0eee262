// The byte-level pieces the state grammar (grammar.ts) and the value automaton
// (reprAuto.ts) are built from: the interface every text automaton has, and UTF-8
// well-formedness one byte at a time.

/**
 * The grammar has no way on from where the decoding is (a completion it refuses, no
 * token allowed): a decoding failure, which the decoder reports as a stop, never a crash.
 */
export class GrammarError extends Error {
  override name = 'GrammarError';
}

export const bytesOf = (s: string) => Array.from(Buffer.from(s, 'utf8'));

/** A text automaton: bytes in, whether they may come; and how to finish. */
export interface TextAuto {
  clone(): TextAuto;
  push(b: number): boolean;
  complete(): boolean;
  /** Bytes that make it complete ([] when it is). */
  completion(): number[];
  empty(): boolean;
}

/** UTF-8 well-formedness, one byte at a time. */
export class Utf8 {
  need = 0;
  lo = 0x80;
  hi = 0xbf;
  copy(): Utf8 {
    const u = new Utf8();
    u.need = this.need;
    u.lo = this.lo;
    u.hi = this.hi;
    return u;
  }
  /** Whether `b` may come next; on true, also whether it starts a character. */
  push(b: number): 'lead' | 'cont' | false {
    if (this.need) {
      if (b < this.lo || b > this.hi) return false;
      this.need--;
      this.lo = 0x80;
      this.hi = 0xbf;
      return 'cont';
    }
    if (b < 0x80) return 'lead';
    if (b >= 0xc2 && b <= 0xdf) this.need = 1;
    else if (b === 0xe0) [this.need, this.lo] = [2, 0xa0];
    else if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) this.need = 2;
    else if (b === 0xed) [this.need, this.hi] = [2, 0x9f];
    else if (b === 0xf0) [this.need, this.lo] = [3, 0x90];
    else if (b >= 0xf1 && b <= 0xf3) this.need = 3;
    else if (b === 0xf4) [this.need, this.hi] = [3, 0x8f];
    else return false;
    return 'lead';
  }
  /** Bytes that finish a pending character. */
  finish(): number[] {
    const out: number[] = [];
    const u = this.copy();
    while (u.need) {
      out.push(u.lo);
      u.push(u.lo);
    }
    return out;
  }
}
