// A recursive-descent parser for Python expressions and the simple statements a
// debugger user types (`x = 5`, `x, y = y, x`, `xs[0] += 1`, `del d['k']`).
// Constructs that would need the program (or bind names as a side effect) are
// refused here, before anything is evaluated.

import { decodeEscapes, isKeyword, syntaxError, tokenize, type Token } from './lexer.js';
import { ELLIPSIS, FALSE, NONE, Refusal, TRUE, pyBytes, pyFloat, pyInt, pyStr, type Value } from './value.js';

interface Span {
  s: number;
  e: number;
}

export interface Comprehension {
  target: Expr;
  iter: Expr;
  ifs: Expr[];
}
export interface Param {
  name: string;
  kind: 'pos' | 'star' | 'kwonly' | 'starstar';
  default?: Expr;
}
export interface FField {
  expr: Expr;
  conv: string | null;
  spec: Expr | null;
  debugText: string | null;
}

export type Expr = Span &
  (
    | { k: 'const'; value: Value }
    | { k: 'fstring'; parts: (string | FField)[] }
    | { k: 'name'; id: string }
    | { k: 'binop'; op: string; left: Expr; right: Expr }
    | { k: 'unary'; op: string; operand: Expr }
    | { k: 'boolop'; op: 'and' | 'or'; values: Expr[] }
    | { k: 'compare'; left: Expr; ops: string[]; comparators: Expr[] }
    | { k: 'ifexp'; test: Expr; body: Expr; orelse: Expr }
    | { k: 'call'; func: Expr; args: Expr[]; keywords: { name: string | null; value: Expr }[] }
    | { k: 'attr'; value: Expr; attr: string }
    | { k: 'subscript'; value: Expr; index: Expr }
    | { k: 'slice'; lower: Expr | null; upper: Expr | null; step: Expr | null }
    | { k: 'list' | 'tuple' | 'set'; elts: Expr[] }
    | { k: 'starred'; value: Expr }
    | { k: 'dict'; keys: (Expr | null)[]; values: Expr[] }
    | { k: 'comp'; kind: 'list' | 'set' | 'gen' | 'dict'; elt: Expr; value: Expr | null; generators: Comprehension[] }
    | { k: 'lambda'; params: Param[]; body: Expr }
  );

export type Stmt = Span &
  (
    | { k: 'expr'; value: Expr }
    | { k: 'assign'; targets: Expr[]; value: Expr }
    | { k: 'augassign'; target: Expr; op: string; value: Expr }
    | { k: 'del'; targets: Expr[] }
    | { k: 'pass' }
    /** `import m as a` (name null) / `from m import n as a`. */
    | { k: 'import'; names: { module: string; name: string | null; as: string }[] }
  );

const COMPARE_OPS = new Set(['<', '>', '==', '>=', '<=', '!=', 'in', 'not in', 'is', 'is not']);
const AUG_OPS = new Set(['+=', '-=', '*=', '/=', '//=', '%=', '**=', '>>=', '<<=', '&=', '^=', '|=', '@=']);

const REFUSED_STATEMENTS: Record<string, string> = {
  def: 'function definitions are not allowed',
  class: 'class definitions are not allowed',
  global: 'global declarations are not allowed',
  nonlocal: 'nonlocal declarations are not allowed',
  return: 'return statements are not allowed',
  raise: 'raise statements are not allowed',
  assert: 'assert statements are not allowed',
  for: 'loops are not allowed',
  while: 'loops are not allowed',
  if: 'if statements are not allowed (use a conditional expression: a if c else b)',
  with: 'with statements are not allowed',
  try: 'try statements are not allowed',
  async: 'async statements are not allowed',
  break: 'break is not allowed',
  continue: 'continue is not allowed',
};

class Parser {
  private i = 0;
  constructor(
    private readonly src: string,
    private readonly toks: Token[],
  ) {}

  private get tok(): Token {
    return this.toks[this.i]!;
  }

  private peek(n = 1): Token {
    return this.toks[Math.min(this.i + n, this.toks.length - 1)]!;
  }

  private isOp(v: string, t: Token = this.tok): boolean {
    return t.t === 'op' && t.v === v;
  }

  private isKw(v: string, t: Token = this.tok): boolean {
    return t.t === 'name' && t.v === v;
  }

  private next(): Token {
    const t = this.tok;
    if (t.t !== 'eof') this.i++;
    return t;
  }

  private fail(): never {
    const t = this.tok;
    if (t.t === 'eof') {
      // An unclosed bracket reads better than "invalid syntax".
      const open = this.unclosed();
      if (open) throw syntaxError(`'${open}' was never closed`);
    }
    throw syntaxError();
  }

  private unclosed(): string | null {
    const stack: string[] = [];
    for (const t of this.toks) {
      if (t.t !== 'op') continue;
      if ('([{'.includes(t.v)) stack.push(t.v);
      else if (')]}'.includes(t.v)) stack.pop();
    }
    return stack.length ? stack[stack.length - 1]! : null;
  }

  private expectOp(v: string): Token {
    if (!this.isOp(v)) this.fail();
    return this.next();
  }

  private text(s: number, e: number): string {
    return this.src.slice(s, e);
  }

  atEnd(): boolean {
    return this.tok.t === 'eof';
  }

  expectEnd(): void {
    if (!this.atEnd()) {
      const t = this.tok;
      if (t.t === 'op' && ')]}'.includes(t.v)) throw syntaxError(`unmatched '${t.v}'`);
      this.fail();
    }
  }

  // ---- statements ----

  statements(): Stmt[] {
    const out: Stmt[] = [];
    while (!this.atEnd()) {
      if (this.isOp(';')) this.fail();
      out.push(this.statement());
      if (this.isOp(';')) this.next();
      else this.expectEnd();
    }
    return out;
  }

  private statement(): Stmt {
    const t = this.tok;
    if (this.isKw('import') || this.isKw('from')) return this.importStatement();
    if (t.t === 'name' && REFUSED_STATEMENTS[t.v] !== undefined) {
      throw new Refusal(REFUSED_STATEMENTS[t.v]!, this.text(t.start, this.src.length).trim());
    }
    if (this.isKw('pass')) {
      this.next();
      return { k: 'pass', s: t.start, e: t.end };
    }
    if (this.isKw('del')) {
      this.next();
      const targets: Expr[] = [];
      do {
        if (this.atEnd() || this.isOp(';')) break;
        const x = this.bitOr();
        this.checkTarget(x, 'delete');
        targets.push(x);
      } while (this.isOp(',') && this.next());
      if (!targets.length) this.fail();
      return { k: 'del', targets, s: t.start, e: this.tok.start };
    }
    const first = this.starExpressions(true);
    if (this.isOp(':') && first.k === 'name') {
      // Annotated assignment: `x: int = 5`. The annotation is not evaluated by us.
      this.next();
      this.expression();
      if (!this.isOp('=')) return { k: 'pass', s: t.start, e: this.tok.start };
      this.next();
      const value = this.starExpressions();
      return { k: 'assign', targets: [first], value, s: t.start, e: value.e };
    }
    if (this.tok.t === 'op' && AUG_OPS.has(this.tok.v)) {
      const op = (this.next() as { v: string }).v;
      if (!['name', 'attr', 'subscript'].includes(first.k)) {
        throw syntaxError(`'${describeTarget(first)}' is an illegal expression for augmented assignment`);
      }
      const value = this.starExpressions();
      return { k: 'augassign', target: first, op: op.slice(0, -1), value, s: t.start, e: value.e };
    }
    if (this.isOp('=')) {
      const targets = [first];
      let value = first;
      while (this.isOp('=')) {
        this.next();
        value = this.starExpressions();
        targets.push(value);
      }
      targets.pop();
      if (targets.length === 1 && maybeMeantEquals(first)) {
        // CPython's invalid_named_expression: `1 = x` reads like a mistyped `==`.
        try {
          this.checkTarget(first, 'assign to');
        } catch (e) {
          throw syntaxError(`${(e as Error).message.replace(/^SyntaxError: /, '')} here. Maybe you meant '==' instead of '='?`);
        }
      }
      for (const x of targets) this.checkTarget(x, 'assign to');
      return { k: 'assign', targets, value, s: t.start, e: value.e };
    }
    return { k: 'expr', value: first, s: first.s, e: first.e };
  }

  private checkTarget(x: Expr, verb: string): void {
    switch (x.k) {
      case 'name':
        if (x.id === '__debug__') throw syntaxError(`cannot ${verb} __debug__`);
        return;
      case 'attr':
      case 'subscript':
        return;
      case 'tuple':
      case 'list':
        for (const e of x.elts) this.checkTarget(e, verb);
        return;
      case 'starred':
        this.checkTarget(x.value, verb);
        return;
      default:
        throw syntaxError(`cannot ${verb} ${describeTarget(x)}`);
    }
  }

  // ---- expressions ----

  /** A top-level expression list: `a`, or `a, b` (a tuple), starred items allowed. */
  starExpressions(loneStarOk = false): Expr {
    const s = this.tok.start;
    const first = this.starExpression();
    if (!this.isOp(',')) {
      if (first.k === 'starred') {
        if (loneStarOk && this.isOp('=')) throw syntaxError('starred assignment target must be in a list or tuple');
        throw syntaxError("can't use starred expression here");
      }
      return first;
    }
    const elts = [first];
    while (this.isOp(',')) {
      this.next();
      if (this.endsList()) break;
      elts.push(this.starExpression());
    }
    return { k: 'tuple', elts, s, e: elts[elts.length - 1]!.e };
  }

  private endsList(): boolean {
    const t = this.tok;
    return t.t === 'eof' || (t.t === 'op' && [')', ']', '}', '=', ';', ':'].includes(t.v)) || (t.t === 'op' && AUG_OPS.has(t.v));
  }

  private starExpression(): Expr {
    if (this.isOp('*')) {
      const s = this.next().start;
      const value = this.bitOr();
      return { k: 'starred', value, s, e: value.e };
    }
    return this.namedExpression();
  }

  private namedExpression(): Expr {
    if (this.tok.t === 'name' && this.isOp(':=', this.peek())) {
      throw new Refusal('assignment expressions (:=) are not allowed: they change the frame', this.text(this.tok.start, this.src.length).trim());
    }
    return this.expression();
  }

  expression(): Expr {
    if (this.isKw('lambda')) return this.lambda();
    if (this.isKw('yield')) throw new Refusal('yield expressions are not allowed', 'yield');
    const s = this.tok.start;
    const body = this.disjunction();
    if (this.isKw('if')) {
      this.next();
      const test = this.disjunction();
      if (!this.isKw('else')) throw syntaxError("expected 'else' after 'if' expression");
      this.next();
      const orelse = this.expression();
      return { k: 'ifexp', test, body, orelse, s, e: orelse.e };
    }
    return body;
  }

  private lambda(): Expr {
    const s = this.next().start;
    const params: Param[] = [];
    let kind: Param['kind'] = 'pos';
    while (!this.isOp(':')) {
      if (this.isOp('**')) {
        this.next();
        params.push({ name: this.name(), kind: 'starstar' });
      } else if (this.isOp('*')) {
        this.next();
        if (this.isOp(',')) kind = 'kwonly';
        else {
          params.push({ name: this.name(), kind: 'star' });
          kind = 'kwonly';
        }
      } else if (this.isOp('/')) {
        this.next();
      } else {
        const name = this.name();
        let dflt: Expr | undefined;
        if (this.isOp('=')) {
          this.next();
          dflt = this.expression();
        } else if (kind === 'pos' && params.some((p) => p.default)) {
          throw syntaxError('non-default argument follows default argument');
        }
        params.push({ name, kind, default: dflt });
      }
      if (!this.isOp(',')) break;
      this.next();
    }
    this.expectOp(':');
    const body = this.expression();
    const names = params.map((p) => p.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) throw syntaxError(`duplicate argument '${dup}' in function definition`);
    return { k: 'lambda', params, body, s, e: body.e };
  }

  /** A dotted module name: `os.path`. */
  private dotted(): string {
    let n = this.name();
    while (this.isOp('.')) {
      this.next();
      n += `.${this.name()}`;
    }
    return n;
  }

  /** `import a, b as c` / `from m import (x, y as z)`; relative and star imports are refused. */
  private importStatement(): Stmt {
    const t = this.tok;
    const plainImport = this.isKw('import');
    this.next();
    const names: { module: string; name: string | null; as: string }[] = [];
    const alias = (dflt: string): string => {
      if (!this.isKw('as')) return dflt;
      this.next();
      return this.name();
    };
    if (plainImport) {
      do {
        const module = this.dotted();
        names.push({ module, name: null, as: this.isKw('as') ? alias(module) : module.split('.')[0]! });
      } while (this.isOp(',') && this.next());
      return { k: 'import', names, s: t.start, e: this.tok.start };
    }
    if (this.isOp('.')) throw new Refusal('relative imports are not something pyval runs', this.text(t.start, this.src.length).trim());
    const module = this.dotted();
    if (!this.isKw('import')) this.fail();
    this.next();
    if (this.isOp('*')) throw new Refusal('star imports are not something pyval runs', this.text(t.start, this.src.length).trim());
    const paren = this.isOp('(');
    if (paren) this.next();
    do {
      if (paren && this.isOp(')')) break;
      const name = this.name();
      names.push({ module, name, as: alias(name) });
    } while (this.isOp(',') && this.next());
    if (paren) this.expectOp(')');
    return { k: 'import', names, s: t.start, e: this.tok.start };
  }

  private name(): string {
    const t = this.tok;
    if (t.t !== 'name' || isKeyword(t.v)) this.fail();
    this.next();
    return t.v;
  }

  private disjunction(): Expr {
    const s = this.tok.start;
    const first = this.conjunction();
    if (!this.isKw('or')) return first;
    const values = [first];
    while (this.isKw('or')) {
      this.next();
      values.push(this.conjunction());
    }
    return { k: 'boolop', op: 'or', values, s, e: values[values.length - 1]!.e };
  }

  private conjunction(): Expr {
    const s = this.tok.start;
    const first = this.inversion();
    if (!this.isKw('and')) return first;
    const values = [first];
    while (this.isKw('and')) {
      this.next();
      values.push(this.inversion());
    }
    return { k: 'boolop', op: 'and', values, s, e: values[values.length - 1]!.e };
  }

  private inversion(): Expr {
    if (this.isKw('not')) {
      const s = this.next().start;
      const operand = this.inversion();
      return { k: 'unary', op: 'not', operand, s, e: operand.e };
    }
    return this.comparison();
  }

  private compareOp(): string | null {
    const t = this.tok;
    if (t.t === 'op' && COMPARE_OPS.has(t.v)) return t.v;
    if (this.isKw('in')) return 'in';
    if (this.isKw('not') && this.isKw('in', this.peek())) return 'not in';
    if (this.isKw('is')) return this.isKw('not', this.peek()) ? 'is not' : 'is';
    return null;
  }

  private comparison(): Expr {
    const s = this.tok.start;
    const left = this.bitOr();
    const ops: string[] = [];
    const comparators: Expr[] = [];
    for (let op = this.compareOp(); op; op = this.compareOp()) {
      this.next();
      if (op === 'not in' || op === 'is not') this.next();
      ops.push(op);
      comparators.push(this.bitOr());
    }
    if (!ops.length) return left;
    return { k: 'compare', left, ops, comparators, s, e: comparators[comparators.length - 1]!.e };
  }

  private binary(next: () => Expr, ops: string[]): Expr {
    const s = this.tok.start;
    let left = next();
    while (this.tok.t === 'op' && ops.includes(this.tok.v)) {
      const op = (this.next() as { v: string }).v;
      const right = next();
      left = { k: 'binop', op, left, right, s, e: right.e };
    }
    return left;
  }

  bitOr = (): Expr => this.binary(this.bitXor, ['|']);
  private bitXor = (): Expr => this.binary(this.bitAnd, ['^']);
  private bitAnd = (): Expr => this.binary(this.shift, ['&']);
  private shift = (): Expr => this.binary(this.sum, ['<<', '>>']);
  private sum = (): Expr => this.binary(this.term, ['+', '-']);
  private term = (): Expr => this.binary(this.factor, ['*', '/', '//', '%', '@']);

  private factor = (): Expr => {
    const t = this.tok;
    if (t.t === 'op' && (t.v === '-' || t.v === '+' || t.v === '~')) {
      this.next();
      const operand = this.factor();
      return { k: 'unary', op: t.v, operand, s: t.start, e: operand.e };
    }
    return this.power();
  };

  private power(): Expr {
    if (this.isKw('await')) throw new Refusal('await expressions are not allowed', 'await');
    const s = this.tok.start;
    const base = this.primary();
    if (this.isOp('**')) {
      this.next();
      const exp = this.factor();
      return { k: 'binop', op: '**', left: base, right: exp, s, e: exp.e };
    }
    return base;
  }

  private primary(): Expr {
    let x = this.atom();
    for (;;) {
      if (this.isOp('.')) {
        this.next();
        const t = this.tok;
        if (t.t !== 'name' || isKeyword(t.v)) this.fail();
        this.next();
        x = { k: 'attr', value: x, attr: t.v, s: x.s, e: t.end };
      } else if (this.isOp('(')) {
        x = this.call(x);
      } else if (this.isOp('[')) {
        this.next();
        const index = this.slices();
        const close = this.expectOp(']');
        x = { k: 'subscript', value: x, index, s: x.s, e: close.end };
      } else {
        return x;
      }
    }
  }

  private call(func: Expr): Expr {
    this.expectOp('(');
    const args: Expr[] = [];
    const keywords: { name: string | null; value: Expr }[] = [];
    while (!this.isOp(')')) {
      if (this.isOp('**')) {
        this.next();
        keywords.push({ name: null, value: this.expression() });
      } else if (this.isOp('*')) {
        const s = this.next().start;
        const value = this.expression();
        args.push({ k: 'starred', value, s, e: value.e });
      } else if (this.tok.t === 'name' && this.isOp('=', this.peek())) {
        const name = this.name();
        this.next();
        if (keywords.some((k) => k.name === name)) throw syntaxError(`keyword argument repeated: ${name}`);
        keywords.push({ name, value: this.expression() });
      } else {
        const s = this.tok.start;
        const value = this.namedExpression();
        if (this.isKw('for') || this.isKw('async')) {
          const generators = this.comprehensionClauses();
          const gen: Expr = { k: 'comp', kind: 'gen', elt: value, value: null, generators, s, e: this.tok.start };
          if (args.length || keywords.length || !this.isOp(')')) {
            throw syntaxError('Generator expression must be parenthesized');
          }
          args.push(gen);
          break;
        }
        if (keywords.length) {
          throw syntaxError(
            keywords.some((k) => k.name === null) ? 'positional argument follows keyword argument unpacking' : 'positional argument follows keyword argument',
          );
        }
        args.push(value);
      }
      if (!this.isOp(',')) break;
      this.next();
    }
    const close = this.expectOp(')');
    return { k: 'call', func, args, keywords, s: func.s, e: close.end };
  }

  private slices(): Expr {
    const s = this.tok.start;
    const first = this.sliceItem();
    if (!this.isOp(',')) return first;
    const elts = [first];
    while (this.isOp(',')) {
      this.next();
      if (this.isOp(']')) break;
      elts.push(this.sliceItem());
    }
    return { k: 'tuple', elts, s, e: this.tok.start };
  }

  private sliceItem(): Expr {
    const s = this.tok.start;
    let lower: Expr | null = null;
    if (!this.isOp(':')) {
      lower = this.starExpression();
      if (!this.isOp(':')) return lower;
    }
    this.next();
    let upper: Expr | null = null;
    let step: Expr | null = null;
    if (!this.isOp(']') && !this.isOp(',') && !this.isOp(':')) upper = this.expression();
    if (this.isOp(':')) {
      this.next();
      if (!this.isOp(']') && !this.isOp(',')) step = this.expression();
    }
    return { k: 'slice', lower, upper, step, s, e: this.tok.start };
  }

  private comprehensionClauses(): Comprehension[] {
    const out: Comprehension[] = [];
    while (this.isKw('for') || this.isKw('async')) {
      if (this.isKw('async')) throw new Refusal('async comprehensions are not allowed', 'async for');
      this.next();
      const target = this.targetList();
      if (!this.isKw('in')) this.fail();
      this.next();
      const iter = this.disjunction();
      const ifs: Expr[] = [];
      while (this.isKw('if')) {
        this.next();
        ifs.push(this.disjunction());
      }
      out.push({ target, iter, ifs });
    }
    return out;
  }

  /** `for` targets: a name, or a tuple of targets, parsed without consuming `in`. */
  private targetList(): Expr {
    const s = this.tok.start;
    const one = (): Expr => {
      if (this.isOp('*')) {
        const st = this.next().start;
        const value = this.bitOr();
        return { k: 'starred', value, s: st, e: value.e };
      }
      return this.bitOr();
    };
    const first = one();
    if (!this.isOp(',')) {
      this.checkTarget(first, 'assign to');
      return first;
    }
    const elts = [first];
    while (this.isOp(',')) {
      this.next();
      if (this.isKw('in')) break;
      elts.push(one());
    }
    const t: Expr = { k: 'tuple', elts, s, e: this.tok.start };
    this.checkTarget(t, 'assign to');
    return t;
  }

  private atom(): Expr {
    const t = this.tok;
    const span = { s: t.start, e: t.end };
    switch (t.t) {
      case 'int':
        this.next();
        return { k: 'const', value: pyInt(t.v), ...span };
      case 'float':
        this.next();
        return { k: 'const', value: pyFloat(t.v), ...span };
      case 'imag':
        throw new Refusal('complex numbers are not supported', this.text(t.start, t.end));
      case 'str':
      case 'bytes':
      case 'fstr':
        return this.strings();
      case 'name': {
        if (t.v === 'None') {
          this.next();
          return { k: 'const', value: NONE, ...span };
        }
        if (t.v === 'True') {
          this.next();
          return { k: 'const', value: TRUE, ...span };
        }
        if (t.v === 'False') {
          this.next();
          return { k: 'const', value: FALSE, ...span };
        }
        if (isKeyword(t.v)) this.fail();
        this.next();
        return { k: 'name', id: t.v, ...span };
      }
      case 'op':
        switch (t.v) {
          case '...':
            this.next();
            return { k: 'const', value: ELLIPSIS, ...span };
          case '(':
            return this.parens();
          case '[':
            return this.listDisplay();
          case '{':
            return this.braceDisplay();
        }
        return this.fail();
      default:
        this.fail();
    }
  }

  /** Adjacent string literals concatenate; str and bytes cannot mix. */
  private strings(): Expr {
    const s = this.tok.start;
    let kind: 'str' | 'bytes' | null = null;
    let text = '';
    let bytes: number[] = [];
    const parts: (string | FField)[] = [];
    let isF = false;
    let e = s;
    while (this.tok.t === 'str' || this.tok.t === 'bytes' || this.tok.t === 'fstr') {
      const t = this.next();
      e = t.end;
      const k = t.t === 'bytes' ? 'bytes' : 'str';
      if (kind && kind !== k) throw syntaxError('cannot mix bytes and nonbytes literals');
      kind = k;
      if (t.t === 'bytes') bytes = bytes.concat(Array.from(t.v));
      else if (t.t === 'str') {
        text += t.v;
        parts.push(t.v);
      } else if (t.t === 'fstr') {
        isF = true;
        parts.push(...parseFString(t.body, t.raw));
      }
    }
    if (kind === 'bytes') return { k: 'const', value: pyBytes(Uint8Array.from(bytes)), s, e };
    if (isF) return { k: 'fstring', parts, s, e };
    return { k: 'const', value: pyStr(text), s, e };
  }

  private parens(): Expr {
    const open = this.next();
    if (this.isOp(')')) {
      const close = this.next();
      return { k: 'tuple', elts: [], s: open.start, e: close.end };
    }
    if (this.isKw('yield')) throw new Refusal('yield expressions are not allowed', 'yield');
    const first = this.starExpression();
    if (this.isKw('for') || this.isKw('async')) {
      const generators = this.comprehensionClauses();
      const close = this.expectOp(')');
      return { k: 'comp', kind: 'gen', elt: first, value: null, generators, s: open.start, e: close.end };
    }
    if (this.isOp(')')) {
      const close = this.next();
      if (first.k === 'starred') throw syntaxError("can't use starred expression here");
      // Keep the parentheses in the span, so messages quote what was written.
      return { ...first, s: open.start, e: close.end };
    }
    const elts = [first];
    while (this.isOp(',')) {
      this.next();
      if (this.isOp(')')) break;
      elts.push(this.starExpression());
    }
    const close = this.expectOp(')');
    return { k: 'tuple', elts, s: open.start, e: close.end };
  }

  private listDisplay(): Expr {
    const open = this.next();
    const elts: Expr[] = [];
    if (!this.isOp(']')) {
      const first = this.starExpression();
      if (this.isKw('for') || this.isKw('async')) {
        const generators = this.comprehensionClauses();
        const close = this.expectOp(']');
        return { k: 'comp', kind: 'list', elt: first, value: null, generators, s: open.start, e: close.end };
      }
      elts.push(first);
      while (this.isOp(',')) {
        this.next();
        if (this.isOp(']')) break;
        elts.push(this.starExpression());
      }
    }
    const close = this.expectOp(']');
    return { k: 'list', elts, s: open.start, e: close.end };
  }

  private braceDisplay(): Expr {
    const open = this.next();
    if (this.isOp('}')) {
      const close = this.next();
      return { k: 'dict', keys: [], values: [], s: open.start, e: close.end };
    }
    // A dict starts with `**x` or `key:`; otherwise it is a set.
    if (this.isOp('**')) return this.dictRest(open);
    const first = this.starExpression();
    if (this.isOp(':')) {
      if (first.k === 'starred') this.fail();
      this.next();
      const value = this.expression();
      if (this.isKw('for') || this.isKw('async')) {
        const generators = this.comprehensionClauses();
        const close = this.expectOp('}');
        return { k: 'comp', kind: 'dict', elt: first, value, generators, s: open.start, e: close.end };
      }
      return this.dictRest(open, first, value);
    }
    if (this.isKw('for') || this.isKw('async')) {
      const generators = this.comprehensionClauses();
      const close = this.expectOp('}');
      return { k: 'comp', kind: 'set', elt: first, value: null, generators, s: open.start, e: close.end };
    }
    const elts = [first];
    while (this.isOp(',')) {
      this.next();
      if (this.isOp('}')) break;
      elts.push(this.starExpression());
    }
    const close = this.expectOp('}');
    return { k: 'set', elts, s: open.start, e: close.end };
  }

  private dictRest(open: Token, firstKey?: Expr, firstValue?: Expr): Expr {
    const keys: (Expr | null)[] = [];
    const values: Expr[] = [];
    if (firstKey && firstValue) {
      keys.push(firstKey);
      values.push(firstValue);
      if (!this.isOp(',')) {
        const close = this.expectOp('}');
        return { k: 'dict', keys, values, s: open.start, e: close.end };
      }
      this.next();
    }
    while (!this.isOp('}')) {
      if (this.isOp('**')) {
        this.next();
        keys.push(null);
        values.push(this.bitOr());
      } else {
        keys.push(this.expression());
        this.expectOp(':');
        values.push(this.expression());
      }
      if (!this.isOp(',')) break;
      this.next();
    }
    const close = this.expectOp('}');
    return { k: 'dict', keys, values, s: open.start, e: close.end };
  }
}

/** Targets that CPython reports with "... here. Maybe you meant '==' instead of '='?". */
function maybeMeantEquals(x: Expr): boolean {
  switch (x.k) {
    case 'const':
      return !(x.value.kind === 'none' || x.value.kind === 'bool');
    case 'call':
    case 'binop':
    case 'set':
    case 'dict':
    case 'fstring':
      return true;
    case 'unary':
      return x.op !== 'not';
    case 'comp':
      return x.kind !== 'gen';
    default:
      return false;
  }
}

function describeTarget(x: Expr): string {
  switch (x.k) {
    case 'const':
      return x.value.kind === 'none' || x.value.kind === 'bool' ? String(x.value.kind === 'none' ? 'None' : x.value.v ? 'True' : 'False') : 'literal';
    case 'call':
      return 'function call';
    case 'binop':
    case 'unary':
      return 'expression';
    case 'boolop':
      return 'expression';
    case 'compare':
      return 'comparison';
    case 'ifexp':
      return 'conditional expression';
    case 'lambda':
      return 'lambda';
    case 'comp':
      return x.kind === 'gen' ? 'generator expression' : `${x.kind} comprehension`;
    case 'dict':
      return 'dict literal';
    case 'set':
      return 'set display';
    case 'fstring':
      return 'f-string expression';
    default:
      return 'expression';
  }
}

/** Split an f-string body into literal text and replacement fields. */
export function parseFString(body: string, raw: boolean): (string | FField)[] {
  const parts: (string | FField)[] = [];
  let text = '';
  let i = 0;
  const flushText = (): void => {
    if (text) parts.push(raw ? text : decodeFText(text));
    text = '';
  };
  while (i < body.length) {
    const c = body[i]!;
    if (c === '{') {
      if (body[i + 1] === '{') {
        text += '{';
        i += 2;
        continue;
      }
      flushText();
      const { field, end } = parseField(body, i + 1, raw);
      parts.push(field);
      i = end;
      continue;
    }
    if (c === '}') {
      if (body[i + 1] === '}') {
        text += '}';
        i += 2;
        continue;
      }
      throw syntaxError("f-string: single '}' is not allowed");
    }
    if (c === '\\' && !raw) {
      text += body.slice(i, i + 2);
      i += 2;
      continue;
    }
    text += c;
    i++;
  }
  flushText();
  return parts;
}

function decodeFText(t: string): string {
  return decodeEscapes(t, false);
}

/** One `{expr!conv:spec}` field, from just after its `{`. */
function parseField(body: string, start: number, raw: boolean): { field: FField; end: number } {
  let depth = 0;
  let i = start;
  let quote: string | null = null;
  let exprEnd = -1;
  for (; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '\\') throw syntaxError('f-string expression part cannot include a backslash');
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && c === '!' && body[i + 1] !== '=') break;
    else if (depth === 0 && c === ':') break;
    else if (c === '#') throw syntaxError("f-string expression part cannot include '#'");
  }
  exprEnd = i;
  let exprText = body.slice(start, exprEnd);
  let debugText: string | null = null;
  // `{x=}` prints `x=` and then the repr.
  const dbg = /=\s*$/.exec(exprText);
  if (dbg && !/[=!<>]=\s*$/.test(exprText)) {
    debugText = exprText;
    exprText = exprText.slice(0, dbg.index);
  }
  if (!exprText.trim()) throw syntaxError('f-string: empty expression not allowed');
  const expr = parseExpression(`(${exprText})`);
  let conv: string | null = null;
  if (body[i] === '!') {
    conv = body[i + 1] ?? '';
    if (!['r', 's', 'a'].includes(conv)) throw syntaxError("f-string: invalid conversion character: expected 's', 'r', or 'a'");
    i += 2;
  }
  let spec: Expr | null = null;
  if (body[i] === ':') {
    // The spec is itself an f-string body, up to the matching '}'.
    let d = 0;
    const s = ++i;
    for (; i < body.length; i++) {
      if (body[i] === '{') d++;
      else if (body[i] === '}') {
        if (d === 0) break;
        d--;
      }
    }
    const specParts = parseFString(body.slice(s, i), raw);
    spec = { k: 'fstring', parts: specParts, s: 0, e: 0 };
  }
  if (body[i] !== '}') throw syntaxError("f-string: expecting '}'");
  if (debugText !== null && conv === null && spec === null) conv = 'r';
  return { field: { expr, conv, spec, debugText }, end: i + 1 };
}

/** Parse one expression (what `p` takes): `a`, `a, b`, `*a, b`... */
export function parseExpression(src: string): Expr {
  const p = new Parser(src, tokenize(src));
  if (p.atEnd()) throw syntaxError();
  const e = p.starExpressions();
  p.expectEnd();
  return e;
}

/** Parse a line of simple statements separated by `;`. */
export function parseStatements(src: string): Stmt[] {
  const toks = tokenize(src);
  const p = new Parser(src, toks);
  const out = p.statements();
  return out;
}
