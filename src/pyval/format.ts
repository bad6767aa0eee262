// String formatting as CPython does it: format(value, spec) with the format
// specification mini-language, str.format, f-strings (via formatSpec) and
// printf-style `%`. Float digits are exact: we round the double's exact binary
// value half-to-even, as CPython's dtoa does, never through JS's toFixed.

import { budget } from './limits.js';
import { exactDecimal, exactFixed, roundDecimal } from './numbers.js';
import { big, getItem, isIntLike, toF } from './ops.js';
import { floatRepr, repr, str as pyStrOf, strRepr } from './repr.js';
import { chars, cpLen } from './text.js';
import { PyError, pyInt, pyStr, refuseOpaque, typeError, typeName, valueError, type Value } from './value.js';

interface Spec {
  fill: string;
  align: string | null;
  sign: string;
  z: boolean;
  alt: boolean;
  zero: boolean;
  width: number;
  grouping: string;
  precision: number | null;
  type: string;
}

/** parse_internal_render_format_spec; `numeric`: the default alignment is '>' (not a str). */
function parseSpec(spec: string, numeric: boolean): Spec {
  const m = /^(?:(.)?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?(.)?$/su.exec(spec);
  if (!m) {
    throw valueError('Invalid format specifier');
  }
  const grouping = m[8] ?? '';
  const type = m[10] ?? '';
  if (grouping && !'defgEFG%'.includes(type) && !(grouping === '_' && 'boxX'.includes(type))) {
    throw valueError(`Cannot specify '${grouping}' with '${type}'.`);
  }
  return {
    // A '0' flag means fill '0' unless a fill is given, and '=' unless an alignment is.
    fill: m[1] ?? (m[6] ? '0' : ' '),
    align: m[2] ?? (m[6] && numeric ? '=' : null),
    sign: m[3] ?? '-',
    z: !!m[4],
    alt: !!m[5],
    zero: !!m[6],
    width: m[7] ? parseInt(m[7], 10) : 0,
    grouping: m[8] ?? '',
    precision: m[9] !== undefined ? parseInt(m[9], 10) : null,
    type: m[10] ?? '',
  };
}

function pad(body: string, prefix: string, s: Spec, defaultAlign: string): string {
  const align = s.align ?? defaultAlign;
  const len = cpLen(prefix + body);
  budget.strLen(s.width);
  if (len >= s.width) return prefix + body;
  const n = s.width - len;
  switch (align) {
    case '<':
      return prefix + body + s.fill.repeat(n);
    case '>':
      return s.fill.repeat(n) + prefix + body;
    case '^':
      return s.fill.repeat(n >> 1) + prefix + body + s.fill.repeat(n - (n >> 1));
    default:
      return prefix + s.fill.repeat(n) + body; // '='
  }
}

function group(intDigits: string, sep: string, every: number): string {
  if (!sep) return intDigits;
  let out = '';
  for (let i = intDigits.length; i > 0; i -= every) {
    const part = intDigits.slice(Math.max(0, i - every), i);
    out = out ? part + sep + out : part;
  }
  return out;
}

/** Zero padding with grouping puts separators in the padding too, as CPython does. */
function groupedZeroPad(digits: string, rest: string, prefix: string, s: Spec, every: number): string | null {
  if (!(s.align === '=' && s.fill === '0' && s.grouping)) return null;
  let d = digits;
  for (;;) {
    const g = group(d, s.grouping, every);
    if (cpLen(prefix + g + rest) >= s.width) return prefix + g + rest;
    d = '0' + d;
  }
}

function signOf(neg: boolean, s: Spec): string {
  if (neg) return '-';
  return s.sign === '+' ? '+' : s.sign === ' ' ? ' ' : '';
}

function formatInt(x: bigint, s: Spec): string {
  if (s.precision !== null) throw valueError('Precision not allowed in integer format specifier');
  if (s.type === 'c') {
    if (s.sign !== '-') throw valueError("Sign not allowed with integer format specifier 'c'");
    if (x < 0n || x > 0x10ffffn) throw new PyError('OverflowError', '%c arg not in range(0x110000)');
    return pad(String.fromCodePoint(Number(x)), '', s, '<');
  }
  const neg = x < 0n;
  const a = neg ? -x : x;
  let digits: string;
  let prefix = '';
  let every = 3;
  switch (s.type) {
    case 'b':
      digits = a.toString(2);
      prefix = s.alt ? '0b' : '';
      every = 4;
      break;
    case 'o':
      digits = a.toString(8);
      prefix = s.alt ? '0o' : '';
      every = 4;
      break;
    case 'x':
      digits = a.toString(16);
      prefix = s.alt ? '0x' : '';
      every = 4;
      break;
    case 'X':
      digits = a.toString(16).toUpperCase();
      prefix = s.alt ? '0X' : '';
      every = 4;
      break;
    default:
      digits = a.toString();
      break;
  }
  if (s.grouping === ',' && 'boxX'.includes(s.type) && s.type) throw valueError(`Cannot specify ',' with '${s.type}'.`);
  const full = signOf(neg, s) + prefix;
  const zp = groupedZeroPad(digits, '', full, s, every);
  if (zp !== null) return zp;
  return pad(group(digits, s.grouping, every), full, s, '>');
}

/** Exponent notation with `prec` digits after the point: "d.ddde+XX". */
export function formatExp(x: number, prec: number, upper = false, alt = false): string {
  let mant: string;
  let exp: number;
  if (x === 0) {
    mant = '0'.repeat(prec + 1);
    exp = 0;
  } else {
    const { digits, exp10 } = exactDecimal(x);
    const nd = digits.toString().length;
    exp = nd - 1 + exp10;
    let q = roundDecimal(digits, exp10, exp - prec);
    if (q.toString().length > prec + 1) {
      q /= 10n;
      exp += 1;
    }
    mant = q.toString();
  }
  const body = mant[0] + (prec > 0 || alt ? '.' : '') + mant.slice(1);
  const e = `${upper ? 'E' : 'e'}${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return body + e;
}

/** |x| in 'g' style with precision p (p >= 1). addDot0: the '' presentation type. */
function formatGeneral(x: number, p: number, alt: boolean, upper: boolean, addDot0: boolean): string {
  const e = formatExp(x, p - 1);
  const exp = parseInt(e.slice(e.indexOf('e') + 1), 10);
  let out: string;
  // With the '' presentation type (Py_DTSF_ADD_DOT_0) the exponent comes one digit sooner.
  if (exp >= -4 && exp < (addDot0 ? p - 1 : p)) {
    out = exactFixed(x, p - 1 - exp);
    if (!alt && out.includes('.')) out = out.replace(/0+$/, '').replace(/\.$/, '');
    if (addDot0 && !out.includes('.')) out += '.0';
    if (alt && !out.includes('.')) out += '.';
  } else {
    let [m, ex] = e.split('e') as [string, string];
    if (!alt && m.includes('.')) m = m.replace(/0+$/, '').replace(/\.$/, '');
    if (alt && !m.includes('.')) m += '.';
    out = `${m}${upper ? 'E' : 'e'}${ex}`;
  }
  return upper ? out.toUpperCase() : out;
}

function formatFloat(v: number, s: Spec): string {
  let type = s.type;
  const neg = v < 0 || (Object.is(v, -0) && !s.z);
  let x = Math.abs(v);
  let body: string;
  const upper = type === 'E' || type === 'F' || type === 'G';
  if (type === 'n') type = 'g';
  const prec = s.precision;
  if (!['', 'e', 'E', 'f', 'F', 'g', 'G', '%'].includes(type)) {
    throw valueError(`Unknown format code '${s.type}' for object of type 'float'`);
  }
  if (!Number.isFinite(x)) {
    body = Number.isNaN(x) ? 'nan' : 'inf';
    if (upper) body = body.toUpperCase();
    if (type === '%') body += '%';
  } else {
    switch (type) {
      case '':
        if (prec === null) {
          body = floatRepr(x);
          if (s.alt && !body.includes('.')) body = body.replace(/(?=e)|$/, '.');
        } else body = formatGeneral(x, Math.max(prec, 1), s.alt, false, true);
        break;
      case 'e':
      case 'E':
        body = formatExp(x, prec ?? 6, upper, s.alt);
        break;
      case 'f':
      case 'F':
        body = exactFixed(x, prec ?? 6);
        if (s.alt && !body.includes('.')) body += '.';
        break;
      case 'g':
      case 'G':
        body = formatGeneral(x, Math.max(prec ?? 6, 1), s.alt, upper, false);
        break;
      case '%':
        x *= 100;
        body = exactFixed(x, prec ?? 6) + (s.alt && prec === 0 ? '.' : '') + '%';
        break;
      default:
        throw valueError(`Unknown format code '${type}' for object of type 'float'`);
    }
  }
  let sign = signOf(neg, s);
  if (s.z && neg && Number.isFinite(x) && !/[1-9]/.test(body.replace(/[eE][-+]\d+$/, ''))) sign = signOf(false, s);
  if (!Number.isFinite(x)) return pad(body, sign, s, '>');
  const m = /^(\d*)(.*)$/s.exec(body)!;
  const intPart = m[1]!;
  const rest = m[2]!;
  const zp = groupedZeroPad(intPart, rest, sign, s, 3);
  if (zp !== null) return zp;
  return pad(group(intPart, s.grouping, 3) + rest, sign, s, '>');
}

/** format(v, spec): the __format__ of builtin types. */
export function formatSpec(v: Value, spec: string): string {
  budget.tick();
  if (v.kind === 'opaque') throw refuseOpaque(v, 'how it formats');
  if (v.kind === 'str') {
    if (!spec) return v.v;
    const s = parseSpec(spec, false);
    if (s.type && s.type !== 's') throw valueError(`Unknown format code '${s.type}' for object of type 'str'`);
    if (s.sign !== '-') throw valueError('Sign not allowed in string format specifier');
    if (s.alt) throw valueError('Alternate form (#) not allowed in string format specifier');
    if (s.align === '=') throw valueError("'=' alignment not allowed in string format specifier");
    if (s.grouping) throw valueError(`Cannot specify '${s.grouping}' with 's'.`);
    let text = v.v;
    if (s.precision !== null) text = chars(text).slice(0, s.precision).join('');
    return pad(text, '', s, '<');
  }
  if (isIntLike(v)) {
    if (!spec) return pyStrOf(v);
    const s = parseSpec(spec, true);
    if ('eEfFgG%'.includes(s.type) && s.type) return formatFloat(toF(v), s);
    if (!'bcdoxXn'.includes(s.type) || !s.type) {
      if (s.type) throw valueError(`Unknown format code '${s.type}' for object of type '${typeName(v)}'`);
    }
    return formatInt(big(v), s);
  }
  if (v.kind === 'float') {
    if (!spec) return floatRepr(v.v);
    return formatFloat(v.v, parseSpec(spec, true));
  }
  if (spec) throw typeError(`unsupported format string passed to ${typeName(v)}.__format__`);
  return pyStrOf(v);
}

/** ascii(v): repr with non-ASCII characters escaped. */
export function asciiOf(v: Value): string {
  return repr(v).replace(/[^\x00-\x7f]/gu, (ch) => {
    const c = ch.codePointAt(0)!;
    if (c <= 0xff) return '\\x' + c.toString(16).padStart(2, '0');
    if (c <= 0xffff) return '\\u' + c.toString(16).padStart(4, '0');
    return '\\U' + c.toString(16).padStart(8, '0');
  });
}

export function convert(v: Value, conv: string | null): Value {
  if (conv === 'r') return pyStr(repr(v));
  if (conv === 's') return pyStr(pyStrOf(v));
  if (conv === 'a') return pyStr(asciiOf(v));
  return v;
}

/**
 * str.format(*args, **kwargs). `attr` resolves `{0.name}` safely. format_map
 * passes no args (positional fields are an error) and a lookup for names.
 */
export function strFormat(
  fmt: string,
  args: Value[] | null,
  kwargs: Map<string, Value> | ((name: string) => Value),
  attr: (v: Value, name: string) => Value,
  depth = 0,
): string {
  if (depth > 2) throw valueError('Max string recursion exceeded');
  let out = '';
  let auto = 0;
  let mode: 'auto' | 'manual' | null = null;
  let i = 0;
  while (i < fmt.length) {
    const c = fmt[i]!;
    if (c === '}') {
      if (fmt[i + 1] === '}') {
        out += '}';
        i += 2;
        continue;
      }
      throw valueError("Single '}' encountered in format string");
    }
    if (c !== '{') {
      out += c;
      i++;
      continue;
    }
    if (fmt[i + 1] === '{') {
      out += '{';
      i += 2;
      continue;
    }
    // Find the matching '}' (specs may nest one level of fields).
    let depthB = 0;
    let j = i + 1;
    for (; j < fmt.length; j++) {
      if (fmt[j] === '{') depthB++;
      else if (fmt[j] === '}') {
        if (depthB === 0) break;
        depthB--;
      }
    }
    if (j >= fmt.length) throw valueError("expected '}' before end of string");
    const field = fmt.slice(i + 1, j);
    i = j + 1;
    const fm = /^([^.[!:]*)((?:\.[^.[!:]*|\[[^\]]*\])*)(?:!(.))?(?::(.*))?$/s.exec(field);
    if (!fm) throw valueError("expected '}' before end of string");
    const [, first, chain, conv, specRaw] = fm;
    let v: Value;
    if (first === '') {
      if (mode === 'manual') throw valueError('cannot switch from manual field specification to automatic field numbering');
      mode = 'auto';
      const k = auto++;
      if (args === null) throw valueError('Format string contains positional fields');
      if (k >= args.length) throw new PyError('IndexError', `Replacement index ${k} out of range for positional args tuple`);
      v = args[k]!;
    } else if (/^\d+$/.test(first!)) {
      if (mode === 'auto') throw valueError('cannot switch from automatic field numbering to manual field specification');
      mode = 'manual';
      const k = parseInt(first!, 10);
      if (args === null) throw valueError('Format string contains positional fields');
      if (k >= args.length) throw new PyError('IndexError', `Replacement index ${k} out of range for positional args tuple`);
      v = args[k]!;
    } else {
      if (typeof kwargs === 'function') v = kwargs(first!);
      else {
        const kv = kwargs.get(first!);
        if (kv === undefined) throw new PyError('KeyError', strRepr(first!));
        v = kv;
      }
    }
    for (const part of chain!.match(/\.[^.[]*|\[[^\]]*\]/g) ?? []) {
      if (part.startsWith('.')) v = attr(v, part.slice(1));
      else {
        const key = part.slice(1, -1);
        v = getItem(v, /^\d+$/.test(key) ? pyInt(BigInt(key)) : pyStr(key));
      }
    }
    if (conv !== undefined && !'rsa'.includes(conv)) throw valueError(`Unknown conversion specifier ${conv}`);
    const spec = specRaw ? strFormat(specRaw, args === null ? null : args.slice(auto), kwargs, attr, depth + 1) : '';
    out += formatSpec(convert(v, conv ?? null), spec);
    budget.strLen(out.length);
  }
  return out;
}

/** printf-style `fmt % args`. */
export function percentFormat(fmt: string, args: Value): Value {
  const tuple = args.kind === 'tuple' ? args.items : [args];
  // CPython treats any non-tuple, non-str object with __getitem__ as a mapping here.
  const mapping = ['dict', 'list', 'bytes', 'range'].includes(args.kind) ? args : null;
  let argi = 0;
  let usedMapping = false;
  const nextArg = (): Value => {
    if (argi >= tuple.length) throw typeError('not enough arguments for format string');
    return tuple[argi++]!;
  };
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const c = fmt[i]!;
    if (c !== '%') {
      out += c;
      i++;
      continue;
    }
    const start = i;
    i++;
    let key: string | null = null;
    if (fmt[i] === '(') {
      let d = 1;
      const ks = ++i;
      while (i < fmt.length && d) {
        if (fmt[i] === '(') d++;
        else if (fmt[i] === ')') d--;
        i++;
      }
      if (d) throw valueError('incomplete format key');
      key = fmt.slice(ks, i - 1);
    }
    let flags = '';
    while ('-+ #0'.includes(fmt[i] ?? 'x')) flags += fmt[i++];
    let width = 0;
    if (fmt[i] === '*') {
      i++;
      const w = nextArg();
      if (!isIntLike(w)) throw typeError('* wants int');
      width = Number(big(w));
      if (width < 0) {
        flags += '-';
        width = -width;
      }
    } else while (/\d/.test(fmt[i] ?? '')) width = width * 10 + Number(fmt[i++]);
    let prec: number | null = null;
    if (fmt[i] === '.') {
      i++;
      prec = 0;
      if (fmt[i] === '*') {
        i++;
        const p = nextArg();
        if (!isIntLike(p)) throw typeError('* wants int');
        prec = Math.max(0, Number(big(p)));
      } else while (/\d/.test(fmt[i] ?? '')) prec = prec * 10 + Number(fmt[i++]);
    }
    while ('hlL'.includes(fmt[i] ?? 'x')) i++;
    const conv = fmt[i];
    if (conv === undefined) throw valueError('incomplete format');
    i++;
    if (conv === '%' && key === null && i - start === 2) {
      out += '%';
      continue;
    }
    let v: Value;
    if (key !== null) {
      if (!mapping) throw typeError('format requires a mapping');
      usedMapping = true;
      if (mapping.kind === 'dict') {
        const got = mapping.store.get(pyStr(key));
        if (got === undefined) throw new PyError('KeyError', strRepr(key));
        v = got;
      } else v = getItem(mapping, pyStr(key));
    } else v = conv === '%' ? pyStr('%') : nextArg();
    const left = flags.includes('-');
    const spec: Spec = {
      fill: flags.includes('0') && !left && !'sracS'.includes(conv) ? '0' : ' ',
      align: left ? '<' : flags.includes('0') && !'sra'.includes(conv) ? '=' : '>',
      sign: flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '-',
      z: false,
      alt: flags.includes('#'),
      zero: false,
      width,
      grouping: '',
      precision: null,
      type: '',
    };
    let text: string;
    switch (conv) {
      case 's':
      case 'r':
      case 'a': {
        text = conv === 's' ? pyStrOf(v) : conv === 'r' ? repr(v) : asciiOf(v);
        if (prec !== null) text = chars(text).slice(0, prec).join('');
        text = pad(text, '', { ...spec, fill: ' ' }, '>');
        break;
      }
      case 'd':
      case 'i':
      case 'u': {
        let n: bigint;
        if (isIntLike(v)) n = big(v);
        else if (v.kind === 'float') {
          if (!Number.isFinite(v.v))
            throw new PyError(
              Number.isNaN(v.v) ? 'ValueError' : 'OverflowError',
              Number.isNaN(v.v) ? 'cannot convert float NaN to integer' : 'cannot convert float infinity to integer',
            );
          n = BigInt(Math.trunc(v.v));
        } else throw typeError(`%${conv} format: ${budget.pythonMinor < 10 ? 'a number' : 'a real number'} is required, not ${typeName(v)}`);
        text = printfInt(n, n.toString().replace('-', ''), '', prec, spec);
        break;
      }
      case 'x':
      case 'X':
      case 'o': {
        if (!isIntLike(v)) throw typeError(`%${conv} format: an integer is required, not ${typeName(v)}`);
        const n = big(v);
        const a = n < 0n ? -n : n;
        let digits = a.toString(conv === 'o' ? 8 : 16);
        if (conv === 'X') digits = digits.toUpperCase();
        const prefix = spec.alt ? (conv === 'o' ? '0o' : conv === 'x' ? '0x' : '0X') : '';
        text = printfInt(n, digits, prefix, prec, spec);
        break;
      }
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G': {
        if (!isIntLike(v) && v.kind !== 'float') throw typeError(`must be real number, not ${typeName(v)}`);
        text = formatFloat(toF(v), { ...spec, type: conv, precision: prec ?? 6 });
        break;
      }
      case 'c': {
        if (isIntLike(v)) {
          const n = big(v);
          if (n < 0n || n > 0x10ffffn) throw new PyError('OverflowError', '%c arg not in range(0x110000)');
          text = String.fromCodePoint(Number(n));
        } else if (v.kind === 'str' && cpLen(v.v) === 1) text = v.v;
        else throw typeError('%c requires int or char');
        text = pad(text, '', { ...spec, fill: ' ' }, '>');
        break;
      }
      default:
        throw valueError(`unsupported format character '${conv}' (0x${conv.codePointAt(0)!.toString(16)}) at index ${i - 1}`);
    }
    out += text;
    budget.strLen(out.length);
  }
  if (!usedMapping && argi < tuple.length && args.kind === 'tuple') {
    throw typeError('not all arguments converted during string formatting');
  }
  if (!usedMapping && argi === 0 && args.kind !== 'tuple' && !mapping) {
    throw typeError('not all arguments converted during string formatting');
  }
  return pyStr(out);
}

function printfInt(n: bigint, digits: string, prefix: string, prec: number | null, spec: Spec): string {
  if (prec !== null && digits.length < prec) digits = digits.padStart(prec, '0');
  const sign = signOf(n < 0n, spec);
  return pad(digits, sign + prefix, spec, '>');
}
