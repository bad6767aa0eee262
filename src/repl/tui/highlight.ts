// Python syntax highlighting for the source pane: highlight.js (its core and its
// Python grammar only) and a theme of colour functions.
//
// highlight.js gives HTML: <span class="hljs-KIND">...</span>, nested (an
// f-string's {subst} inside its string), with & < > " ' escaped. Each span's
// text, its nested spans coloured first, goes through the theme's function for
// KIND (the word after "hljs-"); text outside every span is left as it is.
// That is what cli-highlight does, through parse5, an HTML parser whose loading
// alone cost the TUI's first frame 15-20 ms (test/tui/highlight.test.ts compares
// the two on every line of the project's Python fixtures).

/// <reference types="highlight.js" />
import hljs from 'highlight.js/lib/core.js';
import python from 'highlight.js/lib/languages/python.js';

hljs.registerLanguage('python', python);

export type SyntaxTheme = Record<string, ((s: string) => string) | undefined>;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const unescapeHtml = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!);
const PIECE = /<span class="([^"]*)">|<\/span>|[^<]+/g;

/** `code` (one or more lines of Python) with ANSI colours; highlight.js's errors are the caller's. */
export function highlightPython(code: string, theme: SyntaxTheme): string {
  const html = hljs.highlight(code, { language: 'python', ignoreIllegals: true }).value;
  // one entry per open span: its kind and the text gathered inside it so far
  const open: Array<{ kind: string | undefined; text: string }> = [{ kind: undefined, text: '' }];
  for (const m of html.matchAll(PIECE)) {
    const top = open[open.length - 1]!;
    if (m[1] !== undefined) open.push({ kind: /hljs-(\w+)/.exec(m[1])?.[1], text: '' });
    else if (m[0] === '</span>' && open.length > 1) {
      open.pop();
      const style = top.kind === undefined ? undefined : theme[top.kind];
      open[open.length - 1]!.text += style ? style(top.text) : top.text;
    } else top.text += unescapeHtml(m[0]);
  }
  return open[0]!.text;
}
