// The source pane's highlighter (src/repl/tui/highlight.ts) colours Python as
// cli-highlight does with the same theme, byte for byte: checked on every line
// of every Python file in the project's fixtures and evaluation sets (and on
// whole files, where spans cross lines).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { highlight } from 'cli-highlight';
import { describe, expect, it } from 'vitest';
import { highlightPython } from '../../src/repl/tui/highlight.js';
import { syntaxTheme } from '../../src/repl/tui/theme.js';
import { ROOT } from '../parityHarness.js';

function pythonFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) pythonFiles(path, out);
    else if (name.endsWith('.py')) out.push(path);
  }
  return out;
}

const files = ['fixtures', 'evalsets', 'test/model/fixtures', 'test/neural/fixtures'].flatMap((d) => pythonFiles(join(ROOT, d)));
const reference = (code: string) => highlight(code, { language: 'python', ignoreIllegals: true, theme: syntaxTheme });

describe('Python highlighting', () => {
  it('has files to check', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('matches cli-highlight on every line and every whole file', () => {
    let lines = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(highlightPython(text, syntaxTheme), f).toBe(reference(text));
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        lines++;
        expect(highlightPython(line, syntaxTheme), `${f}: ${line}`).toBe(reference(line));
      }
    }
    expect(lines).toBeGreaterThan(5000);
  });

  it('colours by kind, nested spans inside their parent, and unescapes text', () => {
    const mark = (k: string) => (s: string) => `<${k}>${s}</${k}>`;
    const out = highlightPython('x = f"a{b + 1}" # c &<>\'', { string: mark('s'), subst: mark('u'), number: mark('n'), comment: mark('c') });
    expect(out).toBe('x = <s>f"a<u>{b + <n>1</n>}</u>"</s> <c># c &<>\'</c>');
  });
});
