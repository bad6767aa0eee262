// pdb's command words on each Python ndbg supports: the names of its commands
// and how cmd.Cmd reads the command word at the start of a line. The engine's
// command loop dispatches on it as pdb does; the command layer's classifier
// (src/commands/classify.ts) builds its readings of a line on it.

/** pdb's commands (its `do_` methods) on every Python ndbg supports, and the ones added since. */
const COMMANDS: ReadonlyArray<{ since: Version; names: string }> = [
  {
    since: [3, 9],
    names:
      'EOF a alias args b break bt c cl clear commands condition cont continue d debug disable display down enable exit ' +
      'h help ignore interact j jump l list ll longlist n next p pp q quit r restart return retval run rv s source step ' +
      'tbreak u unalias undisplay unt until up w whatis where',
  },
  { since: [3, 13], names: 'exceptions' },
];

/** cmd.Cmd's identchars, and what pdb added to them since. */
const WORD_CHARS: ReadonlyArray<{ since: Version; chars: string }> = [
  { since: [3, 9], chars: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_' },
  { since: [3, 13], chars: '=.[](),"\'+-*/%@&|<>~^' },
];

export type Version = readonly [number, number];

/** `'3.11.7'` -> [3, 11]; an unknown or unreadable version reads as the oldest supported. */
export function parseVersion(python: string | undefined): Version {
  const m = /^(\d+)\.(\d+)/.exec(python ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [3, 9];
}

const atLeast = (v: Version, since: Version) => v[0] > since[0] || (v[0] === since[0] && v[1] >= since[1]);

export function commandNames(v: Version): Set<string> {
  return new Set(COMMANDS.filter((c) => atLeast(v, c.since)).flatMap((c) => c.names.split(' ')));
}

function wordChars(v: Version): Set<string> {
  return new Set(
    WORD_CHARS.filter((c) => atLeast(v, c.since))
      .map((c) => c.chars)
      .join(''),
  );
}

/**
 * cmd.Cmd.parseline's command word of `line` on pdb of `python`: the longest
 * run of its identchars at the start (the neural engine's command loop
 * dispatches on it, as pdb does).
 */
export function pdbWord(line: string, python?: string): string {
  return commandWord(line.trim(), parseVersion(python));
}

/** cmd.Cmd.parseline's command word of an already trimmed line, on Python `v`. */
export function commandWord(t: string, v: Version): string {
  const chars = wordChars(v);
  let i = 0;
  while (i < t.length && chars.has(t[i]!)) i++;
  return t.slice(0, i);
}
