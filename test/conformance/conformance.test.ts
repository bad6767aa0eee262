// pdb conformance (ndbg must be pdb, byte for byte): every session converted from the installed
// Pythons' own test_pdb.py, and seeded random command streams over the same
// scripts, print under ndbg byte for byte what `python3.X -m pdb` prints.
// See harness.ts and convert.py; expected-failures.json lists the cases that
// still differ, with the reason: a case listed there that passes fails the
// test, so the list only shrinks.
//
// NDBG_CONFORMANCE_RANDOM (default 20) random streams per version, seed
// NDBG_CONFORMANCE_SEED (default 12); NDBG_CONFORMANCE_ONLY=3.11 runs one
// version; NDBG_CONFORMANCE_DUMP=DIR writes each differing transcript there.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseDir, comparable, convert, expectedFailures, findPython, MINORS, runNdbg, runPdb, type Conversion } from './harness.js';

const RANDOM = Number(process.env.NDBG_CONFORMANCE_RANDOM ?? 20);
const SEED = Number(process.env.NDBG_CONFORMANCE_SEED ?? 12);
const ONLY = process.env.NDBG_CONFORMANCE_ONLY;
const DUMP = process.env.NDBG_CONFORMANCE_DUMP;
const XFAIL = expectedFailures();

for (const minor of MINORS) {
  const ver = `3.${minor}`;
  if (ONLY && ONLY !== ver) continue;
  const python = findPython(minor);
  if (!python) {
    describe(`pdb conformance, Python ${ver}`, () => {
      it.skip(`python${ver} is not installed: skipped`, () => {});
    });
    continue;
  }
  const conv: Conversion = convert(python, RANDOM, SEED);
  const xfail = { ...(XFAIL['*'] ?? {}), ...(XFAIL[ver] ?? {}) };
  describe.concurrent(`pdb conformance, Python ${conv.version} (${conv.source})`, () => {
    it('converts the cases of test_pdb.py', () => {
      expect(conv.cases.length - RANDOM).toBeGreaterThanOrEqual(30);
    });
    for (const s of conv.skips) it.skip(`${s.id}: not convertible: ${s.reason}`, () => {});
    for (const c of conv.cases) {
      const reason = xfail[c.id];
      it(reason ? `${c.id} (expected to differ: ${reason})` : c.id, async () => {
        const dir = caseDir(ver, c);
        try {
          const a = comparable(await runPdb(python, c, dir));
          caseDir(ver, c, dir);
          const b = comparable(await runPdb(python, c, dir));
          expect(b, 'pdb against itself: the session is not deterministic').toEqual(a);
          caseDir(ver, c, dir);
          const n = comparable(await runNdbg(python, c, dir));
          const same = n.stdout === a.stdout && n.stderr === a.stderr && n.code === a.code;
          if (!same && DUMP) {
            const base = join(DUMP, `${ver}-${c.id.replace(/[^\w.-]+/g, '_')}`);
            writeFileSync(`${base}.pdb`, `${a.stdout}\n--stderr--\n${a.stderr}\n--code ${a.code}--\n`, 'latin1');
            writeFileSync(`${base}.ndbg`, `${n.stdout}\n--stderr--\n${n.stderr}\n--code ${n.code}--\n`, 'latin1');
            writeFileSync(`${base}.cmds`, c.commands);
          }
          if (reason) {
            if (same) throw new Error(`${c.id} now matches pdb on ${ver}: remove it from expected-failures.json`);
            return;
          }
          expect(n.stdout).toBe(a.stdout);
          expect(n.stderr).toBe(a.stderr);
          expect(n.code).toBe(a.code);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  });
}
