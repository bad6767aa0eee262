// Generated from CPython 3.9-3.13 and Node 20 (Unicode 17.0): the code points on
// which some CPython's str-pattern \w or \d disagrees with the JS classes re-translate.ts uses
// ([\p{L}\p{N}_] and \p{Nd}): characters Unicode assigned after the oldest CPython's version.
// A subject holding one of them is refused by a pattern that uses \w, \d or \b.
// Regenerate: for each python, the code points c where re.match(r'\w', chr(c)) or
// re.match(r'\d', chr(c)) differs from the JS class, as hex ranges (the union over versions).

const RANGES =
  '870-887,889-88f,8b5,8c8-8c9,c5c-c5d,cdc-cdd,170d,171f,1b4c,1c89-1c8a,2c2f,2c5f,9ffd-9fff,a7c0-a7c1,a' +
  '7cb-a7dc,a7f1-a7f4,10570-1057a,1057c-1058a,1058c-10592,10594-10595,10597-105a1,105a3-105b1,105b3-105' +
  'b9,105bb-105bc,105c0-105f3,10780-10785,10787-107b0,107b2-107ba,10940-10959,10d40-10d65,10d6f-10d85,1' +
  '0ec2-10ec7,10f70-10f81,11071-11072,11075,1123f-11240,11380-11389,1138b,1138e,11390-113b5,113b7,113d1' +
  ',113d3,116d0-116e3,11740-11746,11ab0-11abf,11bc0-11be0,11bf0-11bf9,11db0-11ddb,11de0-11de9,11f02,11f' +
  '04-11f10,11f12-11f33,11f50-11f59,12f90-12ff0,1342f,13441-13446,13460-143fa,16100-1611d,16130-16139,1' +
  '6a70-16abe,16ac0-16ac9,16d40-16d6c,16d70-16d79,16ea0-16eb8,16ebb-16ed3,16ff2-16ff6,187f8-187ff,18cff' +
  ',18d09-18d1e,18d80-18df2,1aff0-1aff3,1aff5-1affb,1affd-1affe,1b11f-1b122,1b132,1b155,1ccf0-1ccf9,1d2' +
  'c0-1d2d3,1df00-1df1e,1df25-1df2a,1e030-1e06d,1e290-1e2ad,1e4d0-1e4eb,1e4f0-1e4f9,1e5d0-1e5ed,1e5f0-1' +
  'e5fa,1e6c0-1e6de,1e6e0-1e6e2,1e6e4-1e6e5,1e6e7-1e6ed,1e6f0-1e6f4,1e6fe-1e6ff,1e7e0-1e7e6,1e7e8-1e7eb' +
  ',1e7ed-1e7ee,1e7f0-1e7fe,2a6de-2a6df,2b735-2b73f,2cea2-2cead,2ebf0-2ee5d,31350-33479';

const TABLE: [number, number][] = RANGES.split(',').map((r) => {
  const [a, b] = r.split('-');
  return [Number.parseInt(a!, 16), Number.parseInt(b ?? a!, 16)];
});

/** Whether the JS and CPython Unicode classes may disagree on this code point. */
export function unstableClassChar(cp: number): boolean {
  let lo = 0;
  let hi = TABLE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = TABLE[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}
