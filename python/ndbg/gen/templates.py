"""Shapes that need more than one idiom: recursion, generator functions,
helpers that raise and callers that catch, and small classes."""

from .core import (
    Var,
    INT,
    BOOL,
    STR,
    LINT,
    LSTR,
    TINT,
    LMIX,
    SHORT_WORDS,
    lit,
)
from .expr import cond, int_to_int
from .funcs import func_name
from .loops import fstr


def add_module_func(F, lines):
    F.g.add_func(lines)


# ---------------------------------------------------------------------------
# Recursion


def st_recursion(F):
    rng = F.rng
    if F.loop_depth:
        return False
    opts = []
    c = F.pick((LINT, TINT), lambda v: v.hi <= 8)
    if c is not None:
        opts += ['list_fold', 'list_fold', 'list_index', 'list_split']
        if c.hi <= 6:
            opts.append('merge_sort')
    s = F.pick((STR,), lambda v: v.hi <= 14)
    if s is not None:
        opts += ['str_rev', 'str_pal', 'str_count']
    n = F.pick((INT,), lambda v: v.lo >= 0 and v.hi <= 10)
    if n is not None:
        opts += ['fact', 'sum_to', 'fib', 'even_odd', 'hanoi', 'memo_fib']
    anyint = F.pick((INT,), lambda v: abs(v.lo) <= 10**9 and abs(v.hi) <= 10**9)
    if anyint is not None:
        opts += ['binary', 'digit_sum', 'gcd']
    m = F.pick((LMIX,))
    if m is not None:
        opts += ['flatten', 'flatten']
    if not opts:
        return False
    kind = rng.choice(opts)
    w = F.w
    q = F.lit
    F.feat('recursion', 'helper')
    if kind in ('list_fold', 'list_index', 'list_split', 'merge_sort'):
        p = rng.choice(('nums', 'values', 'items', 'xs', 'data'))
        if kind == 'list_fold':
            op = rng.choice(('sum', 'count', 'max', 'rev', 'double'))
            name = func_name(
                F,
                {
                    'sum': ['total', 'add_up', 'rec_sum'],
                    'count': ['count_matching', 'count_if'],
                    'max': ['largest', 'rec_max', 'biggest'],
                    'rev': ['reverse_list', 'backwards'],
                    'double': ['doubled', 'scale_all'],
                }[op],
            )
            e = Var('%s[0]' % p, INT, c.elo, c.ehi)
            if op == 'max':
                lines = [
                    'def %s(%s):' % (name, p),
                    '    if len(%s) == 1:' % p,
                    '        return %s[0]' % p,
                    '    rest = %s(%s[1:])' % (name, p),
                    '    return %s[0] if %s[0] > rest else rest' % (p, p),
                ]
                if c.lo >= 1:
                    call = '%s(%s)' % (name, c.name)
                else:
                    F.feat('ternary')
                    call = '%s(%s) if %s else 0' % (name, c.name, c.name)
                res = Var('', INT, min(c.elo, 0), max(c.ehi, 0))
            else:
                base = {'sum': '0', 'count': '0', 'rev': '[]', 'double': '[]'}[op]
                step = {
                    'sum': '%s[0] + %s(%s[1:])' % (p, name, p),
                    'count': '(1 if %s else 0) + %s(%s[1:])' % (cond(F.isolated(e), e), name, p),
                    'rev': '%s(%s[1:]) + [%s[0]]' % (name, p, p),
                    'double': '[%s[0] * 2] + %s(%s[1:])' % (p, name, p),
                }[op]
                lines = [
                    'def %s(%s):' % (name, p),
                    '    if not %s:' % p,
                    '        return %s' % base,
                    '    return %s' % step,
                ]
                call = '%s(%s)' % (name, c.name)
                if op == 'sum':
                    a, b = c.hi * c.elo, c.hi * c.ehi
                    res = Var('', INT, min(a, 0), max(b, 0))
                elif op == 'count':
                    res = Var('', INT, 0, c.hi)
                elif op == 'rev':
                    res = Var('', LINT, c.lo, c.hi, c.elo, c.ehi)
                else:
                    res = Var('', LINT, c.lo, c.hi, 2 * c.elo, 2 * c.ehi)
            F.feat('slice')
            cost = (c.hi + 1) * 4
        elif kind == 'list_index':
            name = func_name(F, ['sum_from', 'walk', 'scan'])
            lines = [
                'def %s(%s, i):' % (name, p),
                '    if i >= len(%s):' % p,
                '        return 0',
                '    return %s[i] + %s(%s, i + 1)' % (p, name, p),
            ]
            call = '%s(%s, 0)' % (name, c.name)
            F.feat('len')
            res = Var('', INT, min(0, c.hi * c.elo), max(0, c.hi * c.ehi))
            cost = (c.hi + 1) * 4
        elif kind == 'list_split':
            name = func_name(F, ['peak', 'find_max', 'max_between'])
            lines = [
                'def %s(%s, lo, hi):' % (name, p),
                '    if lo == hi:',
                '        return %s[lo]' % p,
                '    mid = (lo + hi) // 2',
                '    left = %s(%s, lo, mid)' % (name, p),
                '    right = %s(%s, mid + 1, hi)' % (name, p),
                '    return max(left, right)',
            ]
            F.feat('max', 'len')
            if c.lo >= 1:
                call = '%s(%s, 0, len(%s) - 1)' % (name, c.name, c.name)
            else:
                F.feat('ternary')
                call = '%s(%s, 0, len(%s) - 1) if %s else 0' % (name, c.name, c.name, c.name)
            res = Var('', INT, min(0, c.elo), max(0, c.ehi))
            cost = 2 * c.hi * 6
        else:
            name = func_name(F, ['merge_sort', 'sort_list', 'msort'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if len(%s) <= 1:' % p,
                '        return list(%s)' % p,
                '    mid = len(%s) // 2' % p,
                '    left = %s(%s[:mid])' % (name, p),
                '    right = %s(%s[mid:])' % (name, p),
                '    merged = []',
                '    i = j = 0',
                '    while i < len(left) and j < len(right):',
                '        if left[i] <= right[j]:',
                '            merged.append(left[i])',
                '            i += 1',
                '        else:',
                '            merged.append(right[j])',
                '            j += 1',
                '    return merged + left[i:] + right[j:]',
            ]
            F.feat('len', 'list', 'list.append', 'while', 'slice')
            call = '%s(%s)' % (name, c.name)
            res = Var('', LINT, c.lo, c.hi, c.elo, c.ehi)
            cost = c.hi * 16 + 10
    elif kind in ('str_rev', 'str_pal', 'str_count'):
        p = rng.choice(('s', 'text', 'word'))
        cost = (s.hi + 1) * 4
        F.feat('slice')
        if kind == 'str_rev':
            name = func_name(F, ['reverse', 'rev', 'backwards_text'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if len(%s) <= 1:' % p,
                '        return %s' % p,
                '    return %s(%s[1:]) + %s[0]' % (name, p, p),
            ]
            res = Var('', STR, s.lo, s.hi)
        elif kind == 'str_pal':
            name = func_name(F, ['is_palindrome', 'mirrored', 'symmetric'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if len(%s) < 2:' % p,
                '        return True',
                '    if %s[0] != %s[-1]:' % (p, p),
                '        return False',
                '    return %s(%s[1:-1])' % (name, p),
            ]
            res = Var('', BOOL)
            cost = (s.hi // 2 + 1) * 5
        else:
            name = func_name(F, ['count_char', 'occurrences', 'count_in'])
            ch = rng.choice('aeilnorst ')
            lines = [
                'def %s(%s, target):' % (name, p),
                '    if not %s:' % p,
                '        return 0',
                '    first = 1 if %s[0] == target else 0' % p,
                '    return first + %s(%s[1:], target)' % (name, p),
            ]
            F.feat('ternary')
            res = Var('', INT, 0, s.hi)
            call = '%s(%s, %s)' % (name, s.name, q(ch))
        if kind != 'str_count':
            call = '%s(%s)' % (name, s.name)
            F.feat('len')
    elif kind in ('fact', 'sum_to', 'fib', 'even_odd', 'hanoi', 'memo_fib'):
        p = rng.choice(('n', 'k', 'num'))
        hi = n.hi
        if kind == 'fact':
            name = func_name(F, ['factorial', 'fact', 'product_to'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if %s <= 1:' % p,
                '        return 1',
                '    return %s * %s(%s - 1)' % (p, name, p),
            ]
            import math

            res = Var('', INT, 1, math.factorial(max(1, hi)))
            cost = (hi + 1) * 3
            call = '%s(%s)' % (name, n.name)
        elif kind == 'sum_to':
            name = func_name(F, ['triangle', 'sum_to', 'add_down'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if %s == 0:' % p,
                '        return 0',
                '    return %s + %s(%s - 1)' % (p, name, p),
            ]
            res = Var('', INT, 0, hi * (hi + 1) // 2)
            cost = (hi + 1) * 3
            call = '%s(%s)' % (name, n.name)
        elif kind == 'fib':
            name = func_name(F, ['fib', 'fibonacci'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if %s < 2:' % p,
                '        return %s' % p,
                '    return %s(%s - 1) + %s(%s - 2)' % (name, p, name, p),
            ]
            fibs = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55]
            if hi > 7:
                F.feat('min')
                call = '%s(min(%s, 7))' % (name, n.name)
                hi = 7
            else:
                call = '%s(%s)' % (name, n.name)
            res = Var('', INT, 0, fibs[hi])
            cost = [1, 1, 3, 5, 9, 15, 25, 41][hi] * 3
        elif kind == 'memo_fib':
            name = func_name(F, ['fib_memo', 'ways', 'count_paths'])
            lines = [
                'def %s(%s, memo):' % (name, p),
                '    if %s in memo:' % p,
                '        return memo[%s]' % p,
                '    if %s < 2:' % p,
                '        return 1',
                '    memo[%s] = %s(%s - 1, memo) + %s(%s - 2, memo)' % (p, name, p, name, p),
                '    return memo[%s]' % p,
            ]
            F.feat('in')
            call = '%s(%s, {})' % (name, n.name)
            res = Var('', INT, 1, 100)
            cost = (hi + 1) * 6
        elif kind == 'even_odd':
            a = func_name(F, ['is_even'])
            b = func_name(F, ['is_odd'])
            name = a
            lines = [
                'def %s(%s):' % (a, p),
                '    if %s == 0:' % p,
                '        return True',
                '    return %s(%s - 1)' % (b, p),
                '',
                '',
                'def %s(%s):' % (b, p),
                '    if %s == 0:' % p,
                '        return False',
                '    return %s(%s - 1)' % (a, p),
            ]
            F.feat('mutual_recursion')
            call = '%s(%s)' % (rng.choice((a, b)), n.name)
            res = Var('', BOOL)
            cost = (hi + 1) * 3
        else:
            name = func_name(F, ['hanoi', 'move_tower', 'solve_tower'])
            if hi > 4:
                F.feat('min')
                arg = 'min(%s, 3)' % n.name
                hi = 3
            else:
                arg = n.name
            lines = [
                'def %s(%s, source, target, spare, moves):' % (name, p),
                '    if %s == 0:' % p,
                '        return',
                '    %s(%s - 1, source, spare, target, moves)' % (name, p),
                '    moves.append(source + target)',
                '    %s(%s - 1, spare, target, source, moves)' % (name, p),
            ]
            F.feat('list.append')
            mv = F.fresh(['moves', 'steps', 'plan'])
            w('%s = []' % mv)
            w('%s(%s, %s, %s, %s, %s)' % (name, arg, q('A'), q('C'), q('B'), mv))
            add_module_func(F, lines)
            F.spend((2 ** (hi + 1)) * 4)
            F.add(Var(mv, LSTR, 0, 2**hi, 2, 2))
            return True
    elif kind in ('binary', 'digit_sum', 'gcd'):
        p = rng.choice(('n', 'value', 'num'))
        big = max(abs(anyint.lo), abs(anyint.hi))
        if kind == 'binary':
            name = func_name(F, ['to_binary', 'binary', 'bits_of'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if %s < 2:' % p,
                '        return str(%s)' % p,
                '    return %s(%s // 2) + str(%s %% 2)' % (name, p, p),
            ]
            F.feat('abs', 'str', '%')
            call = '%s(abs(%s))' % (name, anyint.name)
            res = Var('', STR, 1, big.bit_length() + 1, flav='digits')
            cost = (big.bit_length() + 1) * 3
        elif kind == 'digit_sum':
            name = func_name(F, ['digit_sum', 'sum_digits', 'digital_root'])
            lines = [
                'def %s(%s):' % (name, p),
                '    if %s < 10:' % p,
                '        return %s' % p,
                '    return %s %% 10 + %s(%s // 10)' % (p, name, p),
            ]
            F.feat('abs', '%')
            call = '%s(abs(%s))' % (name, anyint.name)
            res = Var('', INT, 0, 9 * len(str(big)))
            cost = (len(str(big)) + 1) * 3
        else:
            other = F.pick((INT,), lambda v: v.name != anyint.name and abs(v.lo) <= 10**9 and abs(v.hi) <= 10**9)
            name = func_name(F, ['gcd', 'common_divisor'])
            lines = ['def %s(a, b):' % name, '    if b == 0:', '        return a', '    return %s(b, a %% b)' % name]
            osrc = other.name if other is not None else str(rng.randint(2, 30))
            F.feat('abs', '%')
            call = '%s(abs(%s), abs(%s))' % (name, anyint.name, osrc)
            res = Var('', INT, 0, max(big, 30))
            cost = 40 * 3
    else:
        name = func_name(F, ['flatten', 'walk', 'unnest'])
        p = rng.choice(('items', 'values', 'data'))
        lines = [
            'def %s(%s):' % (name, p),
            '    result = []',
            '    for item in %s:' % p,
            '        if isinstance(item, list):',
            '            result.extend(%s(item))' % name,
            '        else:',
            '            result.append(item)',
            '    return result',
        ]
        F.feat('isinstance', 'list.extend', 'list.append', 'for', 'if', 'else')
        call = '%s(%s)' % (name, m.name)
        res = Var('', LMIX, m.lo, m.hi * 4)
        cost = m.hi * 4 * 4
    if not F.can(cost):
        return False
    add_module_func(F, lines)
    out = F.fresh(
        {
            INT: ['result', 'total', 'answer', 'value'],
            STR: ['result', 'text_out', 'answer'],
            BOOL: ['result', 'answer', 'ok'],
            LINT: ['result', 'ordered', 'answer'],
            LMIX: ['flat', 'result', 'leaves'],
        }[res.t]
    )
    w('%s = %s' % (out, call))
    F.spend(cost)
    res.name = out
    F.add(res)
    return True


# ---------------------------------------------------------------------------
# Generator functions


def st_generator(F):
    rng = F.rng
    if F.loop_depth:
        return False
    w = F.w
    q = F.lit
    opts = []
    c = F.pick((LINT, TINT, LSTR), lambda v: 1 <= v.hi <= 24)
    if c is not None:
        opts += ['filter', 'chunks', 'pairs']
        if c.t != LSTR:
            opts.append('running')
    s = F.pick((STR,), lambda v: v.hi <= 40)
    if s is not None:
        opts.append('tokens')
    n = F.pick((INT,), lambda v: 0 <= v.lo and v.hi <= 12)
    if n is not None:
        opts += ['countdown', 'fib_upto']
    m = F.pick((LMIX,))
    if m is not None:
        opts.append('walk')
    if not opts:
        return False
    kind = rng.choice(opts)
    F.feat('generator', 'yield', 'helper')
    if kind == 'filter':
        p = 'values' if c.t != LSTR else 'words'
        e = Var('item', INT if c.t != LSTR else STR, c.elo, c.ehi, flav='word')
        name = func_name(F, ['select', 'iter_matching', 'only_good', 'keep_if'])
        h = F.isolated(e)
        x = int_to_int(h, e) if e.t == INT and rng.random() < 0.4 else e
        lines = [
            'def %s(%s):' % (name, p),
            '    for item in %s:' % p,
            '        if %s:' % cond(h, e),
            '            yield %s' % x.name,
        ]
        et, elo, ehi = e.t, x.lo, x.hi
        iters = c.hi
        arg = c.name
    elif kind == 'chunks':
        size = rng.randint(2, 3)
        name = func_name(F, ['chunks', 'batches', 'in_groups'])
        lines = [
            'def %s(items, size):' % name,
            '    for start in range(0, len(items), size):',
            '        yield items[start:start + size]',
        ]
        F.feat('range', 'range(step)', 'slice', 'len')
        et = 'chunk'
        iters = c.hi // size + 1
        arg = '%s, %d' % (c.name, size)
    elif kind == 'pairs':
        name = func_name(F, ['pairwise', 'neighbours', 'adjacent'])
        lines = ['def %s(items):' % name, '    for i in range(len(items) - 1):', '        yield items[i], items[i + 1]']
        F.feat('range', 'len', 'tuple_pack')
        et = 'pair'
        iters = c.hi
        arg = c.name
    elif kind == 'running':
        name = func_name(F, ['running_total', 'accumulate', 'prefix_sums'])
        lines = [
            'def %s(values):' % name,
            '    total = 0',
            '    for value in values:',
            '        total += value',
            '        yield total',
        ]
        et = INT
        elo, ehi = min(0, c.hi * c.elo), max(0, c.hi * c.ehi)
        iters = c.hi
        arg = c.name
    elif kind == 'tokens':
        name = func_name(F, ['tokens', 'iter_words', 'words_of'])
        m2 = rng.choice(('lower', 'upper', 'strip', 'title'))
        lines = [
            'def %s(text):' % name,
            '    for word in text.split():',
            '        if len(word) > %d:' % rng.randint(0, 2),
            '            yield word.%s()' % m2,
        ]
        F.feat('str.split', 'str.' + m2, 'len')
        et, elo, ehi = STR, 1, s.hi
        iters = s.hi // 2 + 1
        arg = s.name
    elif kind == 'countdown':
        name = func_name(F, ['countdown', 'descending', 'count_down'])
        step = rng.randint(1, 2)
        lines = ['def %s(n):' % name, '    while n > 0:', '        yield n', '        n -= %d' % step]
        F.feat('while')
        et, elo, ehi = INT, 1, n.hi
        iters = n.hi
        arg = n.name
    elif kind == 'fib_upto':
        name = func_name(F, ['fib_upto', 'fibs_below', 'fibonacci'])
        lines = [
            'def %s(limit):' % name,
            '    a, b = 0, 1',
            '    while a <= limit:',
            '        yield a',
            '        a, b = b, a + b',
        ]
        F.feat('while', 'unpack')
        et, elo, ehi = INT, 0, n.hi
        iters = 8
        arg = n.name
    else:
        name = func_name(F, ['walk', 'leaves', 'iter_flat'])
        lines = [
            'def %s(items):' % name,
            '    for item in items:',
            '        if isinstance(item, list):',
            '            yield from %s(item)' % name,
            '        else:',
            '            yield item',
        ]
        F.feat('isinstance', 'yield_from', 'recursion')
        et = 'mixed'
        iters = m.hi * 4
        arg = m.name
    cost = iters * 4 + 2
    if not F.can(cost):
        return False
    add_module_func(F, lines)
    call = '%s(%s)' % (name, arg)
    r = rng.random()
    if et == INT:
        if r < 0.35:
            out = F.fresh(['result', 'values', 'seq'])
            F.feat('list')
            w('%s = list(%s)' % (out, call))
            F.add(Var(out, LINT, 0, iters, elo, ehi))
        elif r < 0.55:
            out = F.fresh(['total', 'acc'])
            F.feat('sum')
            w('%s = sum(%s)' % (out, call))
            F.add(Var(out, INT, min(0, elo * iters), max(0, ehi * iters)))
        elif r < 0.7:
            out = F.fresh(['first', 'head'])
            F.feat('next')
            w('%s = next(%s, -1)' % (out, call))
            F.add(Var(out, INT, min(elo, -1), max(ehi, -1)))
        else:
            out = F.fresh(['collected', 'out', 'shown'])
            v = F.fresh(['value', 'v', 'x'])
            F.feat('for', 'list.append', 'str')
            w('%s = []' % out)
            w('for %s in %s:' % (v, call))
            w('    %s.append(str(%s))' % (out, v))
            F.add(Var(out, LSTR, 0, iters, 1, 12))
    elif et == STR:
        out = F.fresh(['joined', 'words_out', 'line'])
        sep = rng.choice((' ', '-', ','))
        F.feat('str.join')
        w('%s = %s.join(%s)' % (out, q(sep), call))
        F.add(Var(out, STR, 0, iters * (ehi + 1)))
    elif et == 'chunk':
        out = F.fresh(['groups', 'batches', 'chunked'])
        F.feat('list')
        w('%s = list(%s)' % (out, call))
        F.add(Var(out, 'list[chunk]', 0, iters))
    elif et == 'pair':
        a, b = F.fresh(['a', 'left', 'prev']), F.fresh(['b', 'right', 'cur'])
        out = F.fresh(['changes', 'steps', 'rises'])
        F.feat('for', 'unpack', 'if')
        w('%s = 0' % out)
        w('for %s, %s in %s:' % (a, b, call))
        w('    if %s %s %s:' % (b, rng.choice(('>', '<', '!=', '==')), a))
        w('        %s += 1' % out)
        F.add(Var(out, INT, 0, iters))
    else:
        out = F.fresh(['flat', 'leaves', 'everything'])
        F.feat('list')
        w('%s = list(%s)' % (out, call))
        F.add(Var(out, LMIX, 0, iters))
    F.spend(cost)
    return True


# ---------------------------------------------------------------------------
# A helper that raises; the caller catches

EXC_CLASSES = ['ValidationError', 'ParseError', 'BadInput', 'InvalidValue', 'RangeError']


def st_raise_helper(F):
    rng = F.rng
    if F.loop_depth or F.depth >= 2:
        return False
    c = F.pick((LSTR, LINT), lambda v: 1 <= v.hi <= 12)
    if c is None or not F.can(c.hi * 8 + 4):
        return False
    w = F.w
    q = F.lit
    custom = rng.random() < 0.3
    exc = 'ValueError'
    if custom:
        exc = func_name(F, EXC_CLASSES)
        base = rng.choice(('Exception', 'ValueError'))
        add_module_func(F, ['class %s(%s):' % (exc, base), '    pass'])
        F.feat('custom_exception', 'class')
    if c.t == LSTR:
        name = func_name(F, ['parse_amount', 'to_number', 'parse_score', 'read_value', 'convert'])
        lines = [
            'def %s(token):' % name,
            '    if not token.isdigit():',
            '        raise %s(%s)' % (exc, fstr(F, 'not a number: {token}') if rng.random() < 0.6 else q('bad token')),
            '    value = int(token)',
            '    if value > %d:' % rng.choice((10, 50, 100)),
            '        raise %s(%s)' % (exc, q('too large')),
            '    return value',
        ]
        F.feat('str.isdigit', 'int')
        elo, ehi = 0, 100
    else:
        name = func_name(F, ['checked', 'validate', 'safe_half', 'require_positive'])
        t = rng.randint(0, 3)
        lines = [
            'def %s(n):' % name,
            '    if n < %d:' % t,
            '        raise %s(%s)' % (exc, fstr(F, 'too small: {n}')),
            '    return n %s' % rng.choice(('* 2', '// 2', '+ 1', '- %d' % t)),
        ]
        elo, ehi = -10, max(0, c.ehi) * 2 + 1
    add_module_func(F, lines)
    F.feat('raise', 'try', 'except', 'helper', 'for', exc if not custom else 'ValueError')
    good = F.fresh(['good', 'parsed', 'accepted', 'values'])
    bad = F.fresh(['errors', 'problems', 'rejected', 'failures'])
    x = F.fresh(['item', 'token', 'raw', 'entry'])
    w('%s = []' % good)
    r = rng.random()
    w('%s = %s' % (bad, '[]' if r < 0.6 else '0'))
    w('for %s in %s:' % (x, c.name))
    w('    try:')
    w('        %s.append(%s(%s))' % (good, name, x))
    F.feat('list.append')
    if r < 0.6:
        w('    except %s as exc:' % exc)
        F.feat('str', 'except_as')
        w('        %s.append(str(exc))' % bad)
        F.add(Var(bad, LSTR, 0, c.hi, 5, 30))
    else:
        w('    except %s:' % exc)
        w('        %s += 1' % bad)
        F.add(Var(bad, INT, 0, c.hi))
    F.add(Var(good, LINT, 0, c.hi, elo, ehi))
    F.spend(c.hi * 8 + 4)
    return True


# ---------------------------------------------------------------------------
# Classes: whole programs

CLASS_KINDS = ['stack', 'counter', 'account', 'inventory', 'vector', 'queue']


def class_program(g):
    """A small class with __repr__, and module code (or a function) that uses it."""
    rng = g.rng
    kind = rng.choice(CLASS_KINDS)
    q = lambda v: lit(v, g.q)
    f = lambda body: 'f' + g.q + body + g.q
    g.feats.update(('class', '__init__', '__repr__', 'method'))
    lines = []
    use = []
    if kind == 'stack':
        cls = rng.choice(('Stack', 'History', 'UndoStack', 'Pile'))
        attr = rng.choice(('items', 'data', 'entries'))
        lines = [
            'class %s:' % cls,
            '    def __init__(self):',
            '        self.%s = []' % attr,
            '',
            '    def push(self, item):',
            '        self.%s.append(item)' % attr,
            '',
            '    def pop(self):',
            '        if not self.%s:' % attr,
            '            raise IndexError(%s)' % q('pop from empty ' + cls.lower()),
            '        return self.%s.pop()' % attr,
            '',
            '    def peek(self):',
            '        return self.%s[-1] if self.%s else None' % (attr, attr),
            '',
            '    def __len__(self):',
            '        return len(self.%s)' % attr,
            '',
            '    def __repr__(self):',
            '        return %s' % f('%s({self.%s})' % (cls, attr)),
        ]
        g.feats.update(('list.append', 'list.pop', 'raise', '__len__', 'len', 'IndexError'))
        if rng.random() < 0.5:
            fn = rng.choice(('balanced', 'is_balanced', 'check_brackets'))
            text = rng.choice(('(a[b]c)', '([)]', '((x)', 'f(a[0])', '[1, (2)]', '()[]', ')(', 'a(b)c]'))
            use = [
                'def %s(text):' % fn,
                '    stack = %s()' % cls,
                '    pairs = {%s: %s, %s: %s}' % (q(')'), q('('), q(']'), q('[')),
                '    for ch in text:',
                '        if ch in %s:' % q('(['),
                '            stack.push(ch)',
                '        elif ch in pairs:',
                '            if len(stack) == 0 or stack.pop() != pairs[ch]:',
                '                return False',
                '    return len(stack) == 0',
                '',
                '',
                'print(%s(%s))' % (fn, q(text)),
            ]
            if rng.random() < 0.5:
                use.append('print(%s(%s))' % (fn, q(rng.choice(('(]', '[[]]', 'x(y)z', '(()')))))
            g.feats.update(('function_uses_class', 'for', 'if', 'elif', 'early_return', 'in'))
        else:
            vals = [rng.randint(0, 9) for _ in range(rng.randint(2, 5))]
            use = ['s = %s()' % cls]
            for v in vals:
                use.append('s.push(%d)' % v)
            use.append('top = s.pop()')
            if rng.random() < 0.5:
                use.append('print(top, s.peek(), len(s))')
            else:
                use.append('print(s)')
            if rng.random() < 0.25:
                use += ['while len(s) > 0:', '    s.pop()', 's.pop()']
                g.feats.update(('uncaught', 'while'))
            g.feats.add('print')
    elif kind == 'counter':
        cls = rng.choice(('Tally', 'WordCounter', 'Histogram', 'Counter'))
        attr = rng.choice(('counts', 'seen', 'table'))
        lines = [
            'class %s:' % cls,
            '    def __init__(self):',
            '        self.%s = {}' % attr,
            '',
            '    def add(self, key):',
            '        self.%s[key] = self.%s.get(key, 0) + 1' % (attr, attr),
            '',
            '    def most_common(self):',
            '        best = None',
            '        for key, count in self.%s.items():' % attr,
            '            if best is None or count > self.%s[best]:' % attr,
            '                best = key',
            '        return best',
            '',
            '    def __repr__(self):',
            '        return %s' % f('%s({self.%s})' % (cls, attr)),
        ]
        g.feats.update(('dict.get', 'dict.items', 'for', 'if', 'is_none'))
        words = [rng.choice(SHORT_WORDS[:12]) for _ in range(rng.randint(3, 7))]
        if rng.random() < 0.5:
            text = ' '.join(words)
            use = [
                'tally = %s()' % cls,
                'for word in %s.split():' % q(text),
                '    tally.add(word)',
                'print(tally.most_common())',
                'print(tally)',
            ]
            g.feats.update(('str.split', 'print'))
        else:
            use = [
                'def summarize(items):',
                '    tally = %s()' % cls,
                '    for item in items:',
                '        tally.add(item)',
                '    return tally.most_common(), tally',
                '',
                '',
                'best, tally = summarize(%s)' % q(words),
                'print(best)',
            ]
            g.feats.update(('function_uses_class', 'unpack', 'print'))
    elif kind == 'account':
        cls = rng.choice(('Account', 'Wallet', 'Budget', 'Ledger'))
        lines = [
            'class %s:' % cls,
            '    def __init__(self, owner, balance=0):',
            '        self.owner = owner',
            '        self.balance = balance',
            '',
            '    def deposit(self, amount):',
            '        if amount <= 0:',
            '            raise ValueError(%s)' % q('deposit must be positive'),
            '        self.balance += amount',
            '',
            '    def withdraw(self, amount):',
            '        if amount > self.balance:',
            '            raise ValueError(%s)' % f('insufficient funds: {self.balance}'),
            '        self.balance -= amount',
            '        return amount',
            '',
            '    def __repr__(self):',
            '        return %s' % f('%s({self.owner!r}, {self.balance})' % cls),
        ]
        g.feats.update(('raise', 'ValueError', 'augassign', 'default_arg'))
        ops = []
        for _ in range(rng.randint(2, 5)):
            ops.append((rng.choice(('deposit', 'withdraw')), rng.randint(-5, 60)))
        owner = rng.choice(('ana', 'bob', 'eve', 'sam', 'zoe'))
        acct = rng.choice(('acct', 'account', 'wallet'))
        use = ['%s = %s(%s, %d)' % (acct, cls, q(owner), rng.randint(0, 50))]
        if rng.random() < 0.8:
            use += [
                'for action, amount in %s:' % q(ops),
                '    try:',
                '        if action == %s:' % q('deposit'),
                '            %s.deposit(amount)' % acct,
                '        else:',
                '            %s.withdraw(amount)' % acct,
                '    except ValueError as err:',
                '        print(%s)' % f('{action} failed: {err}'),
                'print(%s)' % acct,
            ]
            g.feats.update(('try', 'except', 'except_as', 'for', 'unpack', 'print', 'fstring'))
        else:
            use += [
                '%s.deposit(%d)' % (acct, rng.randint(1, 20)),
                '%s.withdraw(%d)' % (acct, rng.randint(500, 900)),
                'print(%s)' % acct,
            ]
            g.feats.update(('uncaught', 'print'))
    elif kind == 'inventory':
        cls = rng.choice(('Inventory', 'Pantry', 'Store', 'Shelf'))
        lines = [
            'class %s:' % cls,
            '    def __init__(self, items=None):',
            '        self.items = dict(items or {})',
            '',
            '    def add(self, name, qty=1):',
            '        self.items[name] = self.items.get(name, 0) + qty',
            '',
            '    def remove(self, name, qty=1):',
            '        if name not in self.items:',
            '            raise KeyError(name)',
            '        self.items[name] -= qty',
            '        if self.items[name] <= 0:',
            '            del self.items[name]',
            '',
            '    def total(self):',
            '        return sum(self.items.values())',
            '',
            '    def __repr__(self):',
            '        return %s' % f('%s({self.items})' % cls),
        ]
        g.feats.update(('dict', 'dict.get', 'raise', 'KeyError', 'del', 'sum', 'dict.values', 'default_arg'))
        start = {w: rng.randint(1, 5) for w in rng.sample(SHORT_WORDS[:15], rng.randint(1, 3))}
        inv = rng.choice(('inv', 'pantry', 'stock'))
        use = ['%s = %s(%s)' % (inv, cls, q(start))]
        state = dict(start)
        for _ in range(rng.randint(2, 4)):
            if rng.random() < 0.5 or not state:
                name = rng.choice(SHORT_WORDS[:15])
                k = rng.randint(1, 4)
                use.append('%s.add(%s, %d)' % (inv, q(name), k))
                state[name] = state.get(name, 0) + k
            else:
                name = rng.choice(sorted(state))
                use.append('%s.remove(%s)' % (inv, q(name)))
                state[name] -= 1
                if state[name] <= 0:
                    del state[name]
        if rng.random() < 0.7:
            use += [
                'try:',
                '    %s.remove(%s)' % (inv, q('durian')),
                'except KeyError as missing:',
                '    print(%s, missing)' % q('no such item:'),
            ]
            g.feats.update(('try', 'except', 'except_as'))
        use.append('print(%s, %s.total())' % (inv, inv))
        g.feats.add('print')
    elif kind == 'vector':
        cls = rng.choice(('Vector', 'Point', 'Vec2', 'Offset'))
        lines = [
            'class %s:' % cls,
            '    def __init__(self, x, y):',
            '        self.x = x',
            '        self.y = y',
            '',
            '    def __add__(self, other):',
            '        return %s(self.x + other.x, self.y + other.y)' % cls,
            '',
            '    def scale(self, k):',
            '        return %s(self.x * k, self.y * k)' % cls,
            '',
            '    def length_sq(self):',
            '        return self.x * self.x + self.y * self.y',
            '',
            '    def __eq__(self, other):',
            '        return (self.x, self.y) == (other.x, other.y)',
            '',
            '    def __repr__(self):',
            '        return %s' % f('%s({self.x}, {self.y})' % cls),
        ]
        g.feats.update(('__add__', '__eq__', 'tuple_pack'))
        pts = [(rng.randint(-5, 9), rng.randint(-5, 9)) for _ in range(rng.randint(2, 4))]
        use = [
            'points = [%s]' % ', '.join('%s(%d, %d)' % (cls, a, b) for a, b in pts),
            'total = %s(0, 0)' % cls,
            'for p in points:',
            '    total = total + p',
            'print(total, total.length_sq())',
        ]
        if rng.random() < 0.5:
            use += ['far = [p for p in points if p.length_sq() > %d]' % rng.randint(5, 50), 'print(far)']
            g.feats.add('listcomp')
        if rng.random() < 0.4:
            use.append('print(points[0].scale(%d) == points[-1])' % rng.randint(-2, 3))
        g.feats.update(('for', 'print'))
    else:
        cls = rng.choice(('TaskQueue', 'Scheduler', 'Waitlist', 'Line'))
        lines = [
            'class %s:' % cls,
            '    def __init__(self, limit):',
            '        self.limit = limit',
            '        self.waiting = []',
            '        self.done = []',
            '',
            '    def submit(self, task):',
            '        if len(self.waiting) >= self.limit:',
            '            return False',
            '        self.waiting.append(task)',
            '        return True',
            '',
            '    def run_next(self):',
            '        task = self.waiting.pop(0)',
            '        self.done.append(task.upper())',
            '        return task',
            '',
            '    def __repr__(self):',
            '        return %s' % f('%s(waiting={self.waiting}, done={self.done})' % cls),
        ]
        g.feats.update(('list.pop(i)', 'list.append', 'str.upper', 'len', 'early_return'))
        tasks = [rng.choice(SHORT_WORDS[:20]) for _ in range(rng.randint(2, 5))]
        qn = rng.choice(('queue', 'jobs', 'line'))
        use = [
            '%s = %s(%d)' % (qn, cls, rng.randint(1, 4)),
            'accepted = [%s.submit(t) for t in %s]' % (qn, q(tasks)),
            'print(accepted)',
            'while %s.waiting:' % qn,
            '    %s.run_next()' % qn,
            'print(%s)' % qn,
        ]
        g.feats.update(('listcomp', 'while', 'print'))
        if rng.random() < 0.2:
            use.append('%s.run_next()' % qn)
            g.feats.update(('uncaught',))
    return lines, use
