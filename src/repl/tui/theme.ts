// Every colour the TUI uses, in one place. A private chalk instance at the 16
// basic colours: the same bytes on every terminal and in every recording, whatever
// the environment's colour detection says (casts made with --play must not depend
// on $COLORTERM).
import { Chalk } from 'chalk';

export const c = new Chalk({ level: 1 });

export const theme = {
  // Status bar and pane headers.
  bar: (s: string) => c.inverse(s),
  header: (s: string) => c.dim(s),
  headerFocused: (s: string) => c.bold.cyan(s),
  // Source pane.
  lineNo: (s: string) => c.dim(s),
  lineNoCurrent: (s: string) => c.bold.yellow(s),
  cursorLine: (s: string) => c.inverse(s),
  currentLine: (s: string) => c.bgBlackBright(s),
  currentArrow: (s: string) => c.bold.yellow(s),
  exceptionMark: (s: string) => c.bold.red(s),
  bpEnabled: (s: string) => c.red(s),
  bpDisabled: (s: string) => c.dim(s),
  // --verify: where the real program is when the prediction is elsewhere.
  realArrow: (s: string) => c.bold.green(s),
  lineNoReal: (s: string) => c.bold.green(s),
  // Variables.
  name: (s: string) => c.cyan(s),
  // A watch expression's text (the Variables pane lists watches first).
  watch: (s: string) => c.green(s),
  changed: (s: string) => c.bold.yellow(s),
  edited: (s: string) => c.bold.magenta(s),
  unsure: (s: string) => c.dim(s),
  selected: (s: string) => c.inverse(s),
  // --verify: a prediction that differed from the real value (name, and `≠ real`).
  mispredicted: (s: string) => c.red(s),
  // Text panes.
  stderr: (s: string) => c.red(s),
  command: (s: string) => c.bold(s),
  error: (s: string) => c.red(s),
  info: (s: string) => c.dim(s),
  dim: (s: string) => c.dim(s),
  bold: (s: string) => c.bold(s),
  warn: (s: string) => c.yellow(s),
  good: (s: string) => c.green(s),
};

/** Python syntax colours by highlight.js token kind (highlight.ts), on the same chalk instance. */
export const syntaxTheme = {
  keyword: c.blue,
  built_in: c.cyan,
  type: c.cyan,
  literal: c.blue,
  number: c.green,
  regexp: c.red,
  string: c.red,
  subst: (s: string) => s,
  symbol: (s: string) => s,
  class: c.blue,
  function: c.yellow,
  title: (s: string) => s,
  params: (s: string) => s,
  comment: c.green,
  doctag: c.green,
  meta: c.gray,
  'meta-keyword': (s: string) => s,
  'meta-string': (s: string) => s,
  section: (s: string) => s,
  tag: c.gray,
  name: c.blue,
  'builtin-name': (s: string) => s,
  attr: c.cyan,
  attribute: (s: string) => s,
  variable: (s: string) => s,
  bullet: (s: string) => s,
  code: (s: string) => s,
  emphasis: c.italic,
  strong: c.bold,
  formula: (s: string) => s,
  link: c.underline,
  quote: (s: string) => s,
  'selector-tag': (s: string) => s,
  'selector-id': (s: string) => s,
  'selector-class': (s: string) => s,
  'selector-attr': (s: string) => s,
  'selector-pseudo': (s: string) => s,
  'template-tag': (s: string) => s,
  'template-variable': (s: string) => s,
  addition: c.green,
  deletion: c.red,
  default: (s: string) => s,
};
