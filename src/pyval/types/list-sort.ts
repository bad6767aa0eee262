// listsort: a stable sort that makes CPython's comparisons, so that errors
// from incomparable items name the same pair.

import { budget } from '../limits.js';

/**
 * A stable sort that makes the same comparisons as CPython's for lists under 64
 * items (count_run, then binary insertion), so errors from incomparable items
 * name the same pair. Longer lists merge sorted runs (same result for any
 * consistent ordering).
 */
export function pySort<T>(a: T[], less: (x: T, y: T) => boolean): T[] {
  const n = a.length;
  if (n < 2) return a;
  let r = 0;
  let nn = n;
  while (nn >= 64) {
    r |= nn & 1;
    nn >>= 1;
  }
  const minrun = nn + r;
  const runs: [number, number][] = [];
  let lo = 0;
  while (lo < n) {
    let run = 1;
    if (lo + 1 < n) {
      run = 2;
      budget.tick();
      if (less(a[lo + 1]!, a[lo]!)) {
        while (lo + run < n && less(a[lo + run]!, a[lo + run - 1]!)) run++;
        const part = a.slice(lo, lo + run).reverse();
        a.splice(lo, run, ...part);
      } else {
        while (lo + run < n && !less(a[lo + run]!, a[lo + run - 1]!)) run++;
      }
    }
    if (run < minrun) {
      const force = Math.min(minrun, n - lo);
      for (let start = lo + run; start < lo + force; start++) {
        const pivot = a[start]!;
        let l = lo;
        let rr = start;
        while (l < rr) {
          budget.tick();
          const p = l + ((rr - l) >> 1);
          if (less(pivot, a[p]!)) rr = p;
          else l = p + 1;
        }
        a.splice(start, 1);
        a.splice(l, 0, pivot);
      }
      run = force;
    }
    runs.push([lo, run]);
    lo += run;
  }
  while (runs.length > 1) {
    const [s1, n1] = runs[0]!;
    const [, n2] = runs[1]!;
    const left = a.slice(s1, s1 + n1);
    const right = a.slice(s1 + n1, s1 + n1 + n2);
    const merged: T[] = [];
    let i = 0;
    let j = 0;
    while (i < left.length && j < right.length) {
      budget.tick();
      if (less(right[j]!, left[i]!)) merged.push(right[j++]!);
      else merged.push(left[i++]!);
    }
    while (i < left.length) merged.push(left[i++]!);
    while (j < right.length) merged.push(right[j++]!);
    a.splice(s1, n1 + n2, ...merged);
    runs.splice(0, 2, [s1, n1 + n2]);
  }
  return a;
}
