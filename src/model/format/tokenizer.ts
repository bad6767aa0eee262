// Byte-level BPE of the trace format: the TypeScript twin of python/ndbg/trace/tokenizer.py
// (docs/format.md, "Tokenizer"). Ids: 0..31 special tokens, 32..287 the 256 bytes
// (id = 32 + byte), then one id per merge in rank order. Text never produces a special
// id; decoding text ids gives back the exact bytes. test/golden/ keeps both sides equal.

import { readFileSync } from 'node:fs';
import { NUM_SPECIAL_SLOTS, specialName } from './format.js';

export const BYTE_OFFSET = NUM_SPECIAL_SLOTS;
export const FIRST_MERGE = BYTE_OFFSET + 256;

/** An item of a serialized piece: a number is a special token id, a string is text. */
export type Item = number | string;

const DIGIT = 0;
const LETTER = 1;
const SPACE = 2;
const NEWLINE = 3;
const OTHER = 4;

const CLASS = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  if (b >= 48 && b <= 57) CLASS[b] = DIGIT;
  else if ((b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b === 95 || b >= 128) CLASS[b] = LETTER;
  else if (b === 32) CLASS[b] = SPACE;
  else if (b === 10) CLASS[b] = NEWLINE;
  else CLASS[b] = OTHER;
}

/**
 * Split bytes into chunks, as [start, end) pairs: each digit and each newline is a
 * chunk; maximal runs of letters, and of other bytes, are chunks; a run of k spaces
 * is a chunk, except that before a letter or other byte its last space joins that run.
 */
export function pretokenize(data: Uint8Array): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  const n = data.length;
  let i = 0;
  while (i < n) {
    let c = CLASS[data[i]!]!;
    if (c === DIGIT || c === NEWLINE) {
      chunks.push([i, i + 1]);
      i += 1;
      continue;
    }
    let start = i;
    if (c === SPACE) {
      let j = i;
      while (j < n && CLASS[data[j]!] === SPACE) j++;
      const next = j < n ? CLASS[data[j]!]! : -1;
      if (next === LETTER || next === OTHER) {
        if (j - 1 > i) chunks.push([i, j - 1]);
        start = j - 1;
        i = j;
        c = next;
      } else {
        chunks.push([i, j]);
        i = j;
        continue;
      }
    }
    while (i < n && CLASS[data[i]!] === c) i++;
    chunks.push([start, i]);
  }
  return chunks;
}

const utf8 = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder('utf-8');

export interface TokenizerJson {
  type: string;
  version?: number;
  format_version?: number;
  vocab_size?: number;
  byte_offset: number;
  first_merge?: number;
  merges: Array<[number, number]>;
}

export class Tokenizer {
  readonly merges: ReadonlyArray<readonly [number, number]>;
  readonly vocabSize: number;
  /** The bytes each id stands for (empty for special ids). */
  readonly bytesOf: Uint8Array[];
  readonly formatVersion: number | undefined;
  private readonly ranks = new Map<number, number>();
  private readonly cache = new Map<string, number[]>();

  constructor(merges: ReadonlyArray<readonly [number, number]>, formatVersion?: number) {
    this.merges = merges;
    this.formatVersion = formatVersion;
    this.vocabSize = FIRST_MERGE + merges.length;
    this.bytesOf = new Array<Uint8Array>(this.vocabSize);
    for (let i = 0; i < BYTE_OFFSET; i++) this.bytesOf[i] = new Uint8Array(0);
    for (let b = 0; b < 256; b++) this.bytesOf[BYTE_OFFSET + b] = Uint8Array.of(b);
    merges.forEach(([a, b], r) => {
      const left = this.bytesOf[a];
      const right = this.bytesOf[b];
      if (left === undefined || right === undefined || a < BYTE_OFFSET || b < BYTE_OFFSET) {
        throw new Error(`merge ${r} refers to an id that does not exist yet: [${a}, ${b}]`);
      }
      const both = new Uint8Array(left.length + right.length);
      both.set(left, 0);
      both.set(right, left.length);
      this.bytesOf[FIRST_MERGE + r] = both;
      this.ranks.set(a * 0x10000 + b, r);
    });
  }

  static fromJson(data: TokenizerJson, where = 'tokenizer.json'): Tokenizer {
    if (data?.type !== 'ndbg-bpe' || data.byte_offset !== BYTE_OFFSET || !Array.isArray(data.merges)) {
      throw new Error(`${where}: not an ndbg tokenizer (expected "type": "ndbg-bpe", "byte_offset": ${BYTE_OFFSET})`);
    }
    return new Tokenizer(data.merges, data.format_version);
  }

  static load(path: string): Tokenizer {
    return Tokenizer.fromJson(JSON.parse(readFileSync(path, 'utf8')) as TokenizerJson, path);
  }

  // --- encoding ---

  private applyMerges(ids: number[]): number[] {
    while (ids.length > 1) {
      let bestRank = -1;
      for (let k = 0; k + 1 < ids.length; k++) {
        const r = this.ranks.get(ids[k]! * 0x10000 + ids[k + 1]!);
        if (r !== undefined && (bestRank < 0 || r < bestRank)) bestRank = r;
      }
      if (bestRank < 0) break;
      const [a, b] = this.merges[bestRank]!;
      const merged = FIRST_MERGE + bestRank;
      const out: number[] = [];
      for (let k = 0; k < ids.length; ) {
        if (k + 1 < ids.length && ids[k] === a && ids[k + 1] === b) {
          out.push(merged);
          k += 2;
        } else {
          out.push(ids[k]!);
          k += 1;
        }
      }
      ids = out;
    }
    return ids;
  }

  encodeChunk(chunk: Uint8Array): number[] {
    const key = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString('latin1');
    let ids = this.cache.get(key);
    if (ids === undefined) {
      ids = this.applyMerges(Array.from(chunk, (b) => BYTE_OFFSET + b));
      if (this.cache.size < 200_000) this.cache.set(key, ids);
    }
    return ids;
  }

  /** Token ids of plain text (never special ids). */
  encode(text: string): number[] {
    const data = utf8.encode(text);
    const ids: number[] = [];
    for (const [s, e] of pretokenize(data)) {
      for (const id of this.encodeChunk(data.subarray(s, e))) ids.push(id);
    }
    return ids;
  }

  /** Items (number = special id, string = text) -> ids. */
  encodeItems(items: readonly Item[]): number[] {
    const ids: number[] = [];
    for (const x of items) {
      if (typeof x === 'number') ids.push(x);
      else for (const id of this.encode(x)) ids.push(id);
    }
    return ids;
  }

  // --- decoding ---

  /** ids -> items; throws a TypeError when the text is not valid UTF-8. */
  decodeItems(ids: readonly number[]): Item[] {
    const items: Item[] = [];
    let buf: number[] = [];
    const flush = () => {
      if (buf.length) items.push(strictDecoder.decode(Uint8Array.from(buf)));
      buf = [];
    };
    for (const i of ids) {
      if (i < BYTE_OFFSET) {
        flush();
        items.push(i);
      } else {
        const bytes = this.bytesOf[i];
        if (bytes === undefined) throw new RangeError(`token id ${i} is outside the vocabulary (${this.vocabSize})`);
        for (const b of bytes) buf.push(b);
      }
    }
    flush();
    return items;
  }

  /** Printable text, specials as <|name|> (invalid UTF-8 replaced). */
  decode(ids: readonly number[]): string {
    let out = '';
    let buf: number[] = [];
    for (const i of ids) {
      if (i < BYTE_OFFSET) {
        out += lenientDecoder.decode(Uint8Array.from(buf)) + `<|${specialName(i)}|>`;
        buf = [];
      } else {
        for (const b of this.bytesOf[i] ?? []) buf.push(b);
      }
    }
    return out + lenientDecoder.decode(Uint8Array.from(buf));
  }

  tokenText(i: number): string {
    if (i < BYTE_OFFSET) return `<|${specialName(i)}|>`;
    return lenientDecoder.decode(this.bytesOf[i]);
  }
}
