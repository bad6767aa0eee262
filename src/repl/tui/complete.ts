// Tab completion on the command line: the first word from pdb's commands, any
// later identifier from the selected frame's variables (and a few builtins).

export interface Completion {
  input: string;
  cursor: number;
  /** More than one match and nothing left to add: the choices, for display. */
  choices: string[];
}

const BUILTINS = ['len', 'repr', 'type', 'list', 'dict', 'str', 'int', 'sorted', 'locals', 'globals', 'dir', 'vars'];

export function complete(input: string, cursor: number, commands: string[], names: string[]): Completion {
  const before = input.slice(0, cursor);
  const m = /[A-Za-z_][\w.-]*$/.exec(before);
  const word = m ? m[0] : '';
  const start = cursor - word.length;
  const isFirst = before.slice(0, start).trim() === '' && !before.trimStart().startsWith('!');
  let pool: string[];
  if (isFirst) {
    pool = [...commands, ...names];
  } else {
    pool = [...names, ...BUILTINS];
  }
  const ident = isFirst ? word : (/[A-Za-z_]\w*$/.exec(before)?.[0] ?? '');
  const from = cursor - ident.length;
  const matches = [...new Set(pool.filter((p) => p.startsWith(ident)))].sort();
  if (matches.length === 0) return { input, cursor, choices: [] };
  let add = commonPrefix(matches).slice(ident.length);
  if (matches.length === 1) add += isFirst ? ' ' : '';
  if (add === '' && matches.length > 1) return { input, cursor, choices: matches };
  const next = input.slice(0, from) + ident + add + input.slice(cursor);
  return { input: next, cursor: cursor + add.length, choices: [] };
}

function commonPrefix(xs: string[]): string {
  let p = xs[0] ?? '';
  for (const x of xs) {
    while (!x.startsWith(p)) p = p.slice(0, -1);
  }
  return p;
}
