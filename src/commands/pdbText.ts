// pdb's texts, for engines that do not run pdb (the neural engine must print
// exactly what pdb would print for the same frames). The python engine never
// uses these: there pdb prints for itself.

/** pdb's `--Call--` / `--Return--` banners. */
export const CALL_BANNER = '--Call--';
export const RETURN_BANNER = '--Return--';
export const PROMPT = '(Pdb) ';

/** An error line as pdb prints it: `*** message`. */
export function pdbError(message: string): string {
  return `*** ${message}\n`;
}

/** Frequent pdb error messages (CPython 3.11 wording). */
export const PDB_ERRORS = {
  newestFrame: 'Newest frame',
  oldestFrame: 'Oldest frame',
  blankOrComment: 'Blank or comment',
  endOfFile: 'End of file',
  nameError: (name: string) => `NameError: name '${name}' is not defined`,
  noBreakpointNumber: (n: string) => `No breakpoint numbered ${n}`,
  onlyBottomFrame: 'You can only jump within the bottom frame',
} as const;

export interface StackEntry {
  file: string;
  line: number;
  func: string;
  /** The source line (raw, with indentation), if known. */
  source?: string;
  /** repr of the return value, for a frame stopped at its return event. */
  retval?: string;
}

/**
 * pdb's format_stack_entry + print_stack_entry: `> file(line)func()->retval`
 * and `-> source` (stripped). `current` selects '> ' (else two spaces).
 */
export function formatStackEntry(e: StackEntry, current = true): string {
  let s = `${current ? '> ' : '  '}${e.file}(${e.line})${e.func || '<lambda>'}()`;
  if (e.retval !== undefined) s += `->${reprlibCut(e.retval)}`;
  const src = e.source?.trim();
  if (src) s += `\n-> ${src}`;
  return `${s}\n`;
}

/** The text pdb prints when it stops at an event (banner + stack entry). */
export function formatStop(event: 'call' | 'line' | 'return' | 'exception', e: StackEntry, exception?: string): string {
  let head = '';
  if (event === 'call') head = `${CALL_BANNER}\n`;
  else if (event === 'return') head = `${RETURN_BANNER}\n`;
  else if (event === 'exception' && exception) head = `${exception}\n`;
  return head + formatStackEntry(e, true);
}

/**
 * reprlib.repr's cut of a long repr (pdb shows return values through it):
 * 30 characters max, the middle replaced by '...'. Only exact for reprs
 * that are plain strings/numbers; containers are cut element-wise by
 * reprlib, which a string cannot reproduce.
 */
export function reprlibCut(repr: string, max = 30): string {
  if (repr.length <= max) return repr;
  const i = Math.max(0, Math.floor((max - 3) / 2));
  const j = Math.max(0, max - 3 - i);
  return repr.slice(0, i) + '...' + repr.slice(repr.length - j);
}
