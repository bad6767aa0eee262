// Raw terminal input -> named keys, and back (the --play player types keys by
// name through the same parser a keyboard goes through). Our own parser because
// Ink's useInput drops function keys, which are the debugger keys people expect.
//
// Names: 'text' (a run of printable characters, in `text`), 'paste' (bracketed
// paste), enter, tab, shift-tab, backspace, delete, insert, escape, up, down,
// left, right, home, end, pageup, pagedown, f1..f12, ctrl-a..ctrl-z, alt-<char>,
// and modifier prefixes on the named keys ('ctrl-up', 'shift-f5').

export interface Key {
  name: string;
  text?: string;
}

const CSI_TILDE: Record<string, string> = {
  '1': 'home',
  '2': 'insert',
  '3': 'delete',
  '4': 'end',
  '5': 'pageup',
  '6': 'pagedown',
  '7': 'home',
  '8': 'end',
  '11': 'f1',
  '12': 'f2',
  '13': 'f3',
  '14': 'f4',
  '15': 'f5',
  '17': 'f6',
  '18': 'f7',
  '19': 'f8',
  '20': 'f9',
  '21': 'f10',
  '23': 'f11',
  '24': 'f12',
};
const CSI_LETTER: Record<string, string> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
  P: 'f1',
  Q: 'f2',
  R: 'f3',
  S: 'f4',
  Z: 'shift-tab',
};
const LINUX_F: Record<string, string> = { A: 'f1', B: 'f2', C: 'f3', D: 'f4', E: 'f5' };

function withModifiers(name: string, param: string | undefined): string {
  const mod = Number(param ?? '1') - 1;
  if (!(mod > 0) || name === 'shift-tab') return name;
  let prefix = '';
  if (mod & 4) prefix += 'ctrl-';
  if (mod & 2) prefix += 'alt-';
  if (mod & 1) prefix += 'shift-';
  return prefix + name;
}

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/** Stateful only for bracketed pastes, which may span reads. */
export class KeyParser {
  private paste: string | null = null;

  feed(data: string): Key[] {
    const keys: Key[] = [];
    let text = '';
    const flushText = () => {
      if (text) keys.push({ name: 'text', text });
      text = '';
    };
    let i = 0;
    while (i < data.length) {
      if (this.paste !== null) {
        const end = data.indexOf(PASTE_END, i);
        if (end < 0) {
          this.paste += data.slice(i);
          return keys;
        }
        this.paste += data.slice(i, end);
        keys.push({ name: 'paste', text: this.paste });
        this.paste = null;
        i = end + PASTE_END.length;
        continue;
      }
      const ch = data[i]!;
      const code = ch.charCodeAt(0);
      if (ch === '\x1b') {
        flushText();
        if (data.startsWith(PASTE_START, i)) {
          this.paste = '';
          i += PASTE_START.length;
          continue;
        }
        const [key, len] = parseEscape(data, i);
        keys.push(key);
        i += len;
        continue;
      }
      if (code < 0x20 || code === 0x7f) {
        flushText();
        keys.push({ name: controlName(code) });
        i++;
        continue;
      }
      const cp = data.codePointAt(i)!;
      text += String.fromCodePoint(cp);
      i += cp > 0xffff ? 2 : 1;
    }
    flushText();
    return keys;
  }
}

function controlName(code: number): string {
  if (code === 0x0d || code === 0x0a) return 'enter';
  if (code === 0x09) return 'tab';
  if (code === 0x7f || code === 0x08) return 'backspace';
  if (code === 0x00) return 'ctrl-space';
  if (code <= 0x1a) return 'ctrl-' + String.fromCharCode(code + 0x60);
  return 'unknown';
}

/** One escape sequence at `data[i] === ESC`: the key and how many chars it took. */
function parseEscape(data: string, i: number): [Key, number] {
  const next = data[i + 1];
  if (next === undefined) return [{ name: 'escape' }, 1];
  if (next === '[') {
    // Linux console F1-F5: ESC [ [ A..E
    if (data[i + 2] === '[' && data[i + 3] && LINUX_F[data[i + 3]!]) {
      return [{ name: LINUX_F[data[i + 3]!]! }, 4];
    }
    const m = /^\x1b\[([0-9;?]*)([ -/]*)([@-~])/.exec(data.slice(i, i + 32));
    if (!m) return [{ name: 'alt-[' }, 2];
    const params = m[1]!.split(';');
    const final = m[3]!;
    let name: string | undefined;
    if (final === '~') {
      name = CSI_TILDE[params[0]!];
      if (name) name = withModifiers(name, params[1]);
    } else if (CSI_LETTER[final]) {
      name = withModifiers(CSI_LETTER[final]!, params.length > 1 ? params[1] : undefined);
    }
    return [{ name: name ?? 'unknown' }, m[0].length];
  }
  if (next === 'O' && data[i + 2] !== undefined) {
    const name = CSI_LETTER[data[i + 2]!] ?? (data[i + 2] === 'M' ? 'enter' : undefined);
    return [{ name: name ?? 'unknown' }, 3];
  }
  if (next === '\x1b') {
    // ESC ESC <seq>: alt + that key
    const [inner, len] = parseEscape(data, i + 1);
    if (inner.name === 'escape') return [{ name: 'escape' }, 1];
    return [{ name: 'alt-' + inner.name }, 1 + len];
  }
  const code = next.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return [{ name: 'alt-' + controlName(code) }, 2];
  const cp = data.codePointAt(i + 1)!;
  return [{ name: 'alt-' + String.fromCodePoint(cp) }, cp > 0xffff ? 3 : 2];
}

const SEQUENCES: Record<string, string> = {
  enter: '\r',
  tab: '\t',
  'shift-tab': '\x1b[Z',
  backspace: '\x7f',
  escape: '\x1b',
  space: ' ',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  insert: '\x1b[2~',
  delete: '\x1b[3~',
  pageup: '\x1b[5~',
  pagedown: '\x1b[6~',
  f1: '\x1bOP',
  f2: '\x1bOQ',
  f3: '\x1bOR',
  f4: '\x1bOS',
  f5: '\x1b[15~',
  f6: '\x1b[17~',
  f7: '\x1b[18~',
  f8: '\x1b[19~',
  f9: '\x1b[20~',
  f10: '\x1b[21~',
  f11: '\x1b[23~',
  f12: '\x1b[24~',
};
const ALIASES: Record<string, string> = {
  return: 'enter',
  ret: 'enter',
  cr: 'enter',
  esc: 'escape',
  bs: 'backspace',
  del: 'delete',
  pgup: 'pageup',
  pgdn: 'pagedown',
  btab: 'shift-tab',
  'c-': 'ctrl-',
  'm-': 'alt-',
};

/** Bytes a terminal sends for a key name ('f5', 'ctrl-c', 'alt-s', 'x'); throws on unknown. */
export function keySequence(name: string): string {
  let n = name.trim();
  const lower = n.toLowerCase();
  if (n.length === 1) return n;
  if (/^(c|ctrl|control)-./i.test(n)) {
    const ch = n.slice(n.indexOf('-') + 1).toLowerCase();
    if (ch === 'space') return '\x00';
    if (/^[a-z]$/.test(ch)) return String.fromCharCode(ch.charCodeAt(0) - 0x60);
    throw new Error(`unknown key: ${name}`);
  }
  if (/^(m|alt|meta)-./i.test(n)) {
    const rest = n.slice(n.indexOf('-') + 1);
    return '\x1b' + (rest.length === 1 ? rest : keySequence(rest));
  }
  n = ALIASES[lower] ?? lower;
  const seq = SEQUENCES[n];
  if (seq === undefined) throw new Error(`unknown key: ${name}`);
  return seq;
}
