// Walking the command history with Up/Down (Ctrl-P/Ctrl-N): where the walk is,
// and what was typed before it began, which Down past the newest entry brings
// back. Pure: the entries are read, never changed (History owns the file).

export interface HistoryCursor {
  /** Index into the entries; -1: not walking (the line is the user's own). */
  index: number;
  /** The line as typed when the walk began. */
  draft: string;
}

export const NOT_WALKING: HistoryCursor = { index: -1, draft: '' };

/**
 * One step older (-1) or newer (+1) from `input`: the new cursor and the line
 * to show, or undefined when nothing changes (no history, or Down while not
 * walking).
 */
export function walkHistory(h: HistoryCursor, entries: readonly string[], dir: 1 | -1, input: string): { history: HistoryCursor; input: string } | undefined {
  if (entries.length === 0) return undefined;
  let i = h.index;
  let draft = h.draft;
  if (i === -1) {
    if (dir > 0) return undefined;
    draft = input;
    i = entries.length;
  }
  i = Math.max(0, i + dir);
  if (i >= entries.length) return { history: { index: -1, draft }, input: draft };
  return { history: { index: i, draft }, input: entries[i]! };
}
