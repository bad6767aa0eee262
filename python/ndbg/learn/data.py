"""Build the training corpus: programs -> traces -> trajectories -> token windows.

    python -m ndbg.data build --programs 100000 --out data/corpus

Writes DIR/meta.json, DIR/tokenizer.json and per split (train / val / test)
windows-NNNNN.npy (uint16 [N, window]), mask-NNNNN.npy (uint8 [N, window]) and
traces-NNNNN.jsonl.gz (one JSON object per program). The layout is specified in
docs/format.md ("Dataset files").

Programs come from `ndbg.gen.generator.generate` (a few built-in templates until that
module exists). Everything after generation runs in worker processes forked from
this one (hash seed fixed to 0, memory limited, killed when they hang), in order, so
a build is deterministic given --seed and --programs.
"""

import argparse
import glob
import gzip
import hashlib
import io
import json
import os
import random
import sys
import time
import tokenize
from collections import Counter
from multiprocessing import connection, get_context

import numpy as np

from ..gen.classes import class_script
from ..gen.long import long_program
from ..gen.short import short_program
from ..trace import format as fmt
from ..trace.context import ContextSelector, context_budget
from ..trace.tokenizer import Tokenizer
from ..trace.tracer import trace_program
from ..trace.tree import Trace, iter_segments, sample_trajectories, segment_states

SPLITS = (('train', 96), ('val', 2), ('test', 2))  # percent, by program hash

# --- programs -------------------------------------------------------------------

_FALLBACK = [
    '''def helper(x):
    return x * {a} + {b}

def f(items):
    out = []
    for v in items:
        if v % 2 == 0:
            out.append(helper(v))
        else:
            out.append(v - {b})
    return out

print(f({lst}))
''',
    '''def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

result = fact({small})
print(result)
''',
    '''def count_words(text):
    counts = {{}}
    for word in text.split():
        counts[word] = counts.get(word, 0) + 1
    return counts

def top(text):
    c = count_words(text)
    best = sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))
    return best[0][0]

print(top({words!r}))
''',
    '''def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return None

vals = [safe_div({a}, d) for d in {lst}]
print(vals)
''',
    '''def squares(n):
    for i in range(n):
        yield i * i

total = 0
for s in squares({small}):
    total += s
print(total)
''',
    '''x = {a}
steps = 0
while x != 1 and steps < 30:
    if x % 2:
        x = 3 * x + 1
    else:
        x = x // 2
    steps += 1
print(steps, x)
''',
    '''def check(v):
    if v < 0:
        raise ValueError(f"negative: {{v}}")
    return v

def run(items):
    good = []
    for v in items:
        try:
            good.append(check(v))
        except ValueError as e:
            print(e)
    return good

print(run({signed}))
''',
]


class _Program:
    def __init__(self, source, kind='function', stdin='', features=(), name=None):
        self.source, self.kind, self.stdin, self.features = source, kind, stdin, set(features)
        self.name = name


def _fallback_generate(rng):
    words = ['apple', 'pear', 'fig', 'kiwi', 'plum']
    t = rng.choice(_FALLBACK)
    src = t.format(
        a=rng.randint(1, 30),
        b=rng.randint(0, 9),
        lst=[rng.randint(0, 20) for _ in range(rng.randint(1, 5))],
        signed=[rng.randint(-5, 9) for _ in range(rng.randint(1, 5))],
        small=rng.randint(1, 6),
        words=' '.join(rng.choice(words) for _ in range(rng.randint(2, 7))),
    )
    return _Program(src, 'function' if src.startswith('def') else 'script')


def load_generator():
    """(generate, catalogue or None): ndbg.gen.generator when present, else the fallback."""
    try:
        from ..gen import generator
    except ImportError:
        return _fallback_generate, None, 'fallback'
    return generator.generate, getattr(generator, 'CATALOGUE', None), 'generator'


def normalized_hash(source):
    """Hash of the source without comments and with whitespace normalized."""
    try:
        toks = [
            t.string
            for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING)
        ]
        key = '\x00'.join(toks)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        key = '\n'.join(line.rstrip() for line in source.strip().split('\n'))
    return hashlib.sha1(key.encode('utf-8')).hexdigest()


def split_of(h):
    v = int(h[:8], 16) % 100
    acc = 0
    for name, pct in SPLITS:
        acc += pct
        if v < acc:
            return name
    return SPLITS[-1][0]


# --- per-program work (runs in workers) -------------------------------------------

SHAPES = {'short': short_program, 'classes': class_script}  # --mix's extra shapes
_W = {}  # worker globals: generate, tokenizer, config


def program_seed(seed, index):
    return int.from_bytes(hashlib.sha256(b'%d:%d' % (seed, index)).digest()[:8], 'little')


def file_programs(dirs):
    """The programs of --programs-dir: every DIR/*.py in name order, with its stdin from
    a sidecar DIR/NAME.stdin when there is one (evalsets/README.md)."""
    progs = []
    for d in dirs.split(','):
        for path in sorted(glob.glob(os.path.join(d, '*.py'))):
            with open(path, encoding='utf-8') as f:
                source = f.read()
            stdin_path = path[:-3] + '.stdin'
            stdin = ''
            if os.path.exists(stdin_path):
                with open(stdin_path, encoding='utf-8') as f:
                    stdin = f.read()
            progs.append(_Program(source, 'file', stdin=stdin, name=os.path.relpath(path)))
    if not progs:
        raise SystemExit(f'--programs-dir {dirs}: no .py files there')
    return progs


def parse_mix(text):
    """`short=0.4,classes=0.3` -> {'short': 0.4, 'classes': 0.3}: the share of programs
    drawn from each extra shape (the rest come from the main generator)."""
    mix = {}
    for part in filter(None, (text or '').split(',')):
        name, _, share = part.partition('=')
        if name not in SHAPES:
            raise SystemExit(f'--mix: unknown shape {name!r} (known: {", ".join(sorted(SHAPES))})')
        try:
            mix[name] = float(share)
        except ValueError:
            raise SystemExit(f'--mix: {part!r} is not NAME=SHARE') from None
    if sum(mix.values()) > 1:
        raise SystemExit('--mix: the shares add up to more than 1')
    return mix


def mixed_program(rng, mix, generate):
    """A program of one of --mix's shapes, by share, else of the main generator."""
    r = rng.random()
    for name, share in sorted(mix.items()):
        if r < share:
            make = SHAPES[name]
            src = make(rng)
            if src is not None:
                return _Program(src, 'function', features=('shape:' + name,))
            break
        r -= share
    return generate(rng)


def process_program(index):
    cfg = _W['cfg']
    rng = random.Random(program_seed(cfg['seed'], index))
    files = _W.get('files')
    if files:
        prog = files[index]
    elif cfg.get('long_share') and rng.random() < cfg['long_share']:
        prog = long_program(rng, _W['generate'])  # several programs composed (ndbg.gen.long)
    else:
        prog = mixed_program(rng, cfg.get('mix') or {}, _W['generate'])
    source = prog.source
    stdin = getattr(prog, 'stdin', '') or ''
    h = normalized_hash(source)
    result = {
        'index': index,
        'hash': h,
        'split': cfg.get('split_all') or split_of(h),
        'kind': getattr(prog, 'kind', 'function'),
        'features': sorted(getattr(prog, 'features', ()) or ()),
    }
    traced = trace_program(
        source, stdin, max_events=cfg['max_events'], time_limit=cfg['time_limit'], repr_limit=cfg['repr_limit']
    )
    trace = Trace(traced['events'], traced['exit'])
    result['exit'] = traced['exit']['kind']
    result['events'] = trace.n
    traj_rng = random.Random(program_seed(cfg['seed'] + 1, index))
    context = fmt.encode_context(source, stdin)
    tok = _W.get('tokenizer')
    if tok is None:  # tokenizer training pass: return the text only
        segments = sample_trajectories(trace, traj_rng, source, max_steps=cfg['max_steps'])
        texts = [x for x in context if isinstance(x, str)]
        for first, steps in (segment_states(trace, s) for s in segments):
            texts += [x for x in fmt.encode_state(first) if isinstance(x, str)]
            prev = first
            for action, arg, st in steps:
                texts += [x for x in fmt.encode_action(action, arg) if isinstance(x, str)]
                texts += [x for x in fmt.encode_state(st, prev, action) if isinstance(x, str)]
                prev = st
        result['texts'] = texts
        return result
    # about max_steps steps; then more trajectories until the last window is full
    packer = fmt.WindowPacker(tok, context, cfg['window'])
    budget = context_budget(cfg['window'], cfg.get('max_context', 0.5))
    if len(packer.ctx) > budget and cfg.get('select_context', True):
        # longer than the window allows: each window shows the lines chosen for its first
        # state (docs/format.md, "Context selection")
        packer = fmt.WindowPacker(tok, context, cfg['window'], ContextSelector(tok, source, stdin, budget=budget))
        result['context_budget'] = budget
    elif len(packer.ctx) > budget:
        if not files:
            result['skipped'] = 'context'  # windows would be mostly code context
            return result
        # an evaluation program longer than the window: no windows (the raw evaluation
        # cannot pack it), but its trajectories are kept for `ndbg eval traces`, whose
        # runtime chooses what of the code the model sees
        segments, total = [], 0
        for seg in iter_segments(trace, traj_rng, source):
            segments.append(seg)
            total += len(seg['steps'])
            if total >= cfg['max_steps']:
                break
        result['actions'] = Counter(st[0] for seg in segments for st in seg['steps'])
        result['policies'] = Counter(seg['policy'] for seg in segments)
        result['ids'] = np.zeros((0, cfg['window']), dtype=np.uint16)
        result['mask'] = np.zeros((0, cfg['window']), dtype=np.uint8)
        result['record'] = _record(h, index, prog, source, stdin, result, traced, segments, cfg, 0)
        return result
    segments = []
    total = 0
    source_of_segments = iter_segments(trace, traj_rng, source)
    for seg in source_of_segments:
        segments.append(seg)
        if not packer.add(*segment_states(trace, seg)):
            break
        total += len(seg['steps'])
        if total >= cfg['max_steps']:
            break
    n_windows = len(packer.windows) + (0 if packer.room() is None else 1)
    if packer.room() and not packer.failed:
        for extra, seg in enumerate(source_of_segments):
            segments.append(seg)
            if not packer.add(*segment_states(trace, seg)) or len(packer.windows) >= n_windows or extra >= 32:
                break
    windows = packer.finish()[:n_windows]
    result['actions'] = Counter()
    result['policies'] = Counter()
    for w in windows:  # what the windows hold (a step cut at a window's end is not counted)
        for si, k, *_ in w.steps:
            result['actions'][segments[si]['steps'][k][0]] += 1
            result['policies'][segments[si]['policy']] += 1
    if not windows:
        result['skipped'] = 'context'
        return result
    W = cfg['window']
    ids = np.full((len(windows), W), fmt.PAD, dtype=np.uint16)
    mask = np.zeros((len(windows), W), dtype=np.uint8)
    for r, w in enumerate(windows):
        ids[r, : len(w.ids)] = w.ids
        mask[r, : len(w.mask)] = w.mask
    result['ids'] = ids
    result['mask'] = mask
    result['record'] = _record(h, index, prog, source, stdin, result, traced, segments, cfg, len(windows))
    return result


def _record(h, index, prog, source, stdin, result, traced, segments, cfg, n_windows):
    rec = {
        'id': h[:16],
        'index': index,
        'source': source,
        'kind': result['kind'],
        'stdin': stdin,
        'features': result['features'],
        'events': traced['events'],
        'exit': traced['exit'],
        'segments': [
            {'start': s['start'], 'policy': s['policy'], 'steps': [list(x) for x in s['steps']]} for s in segments
        ],
        'window': cfg['window'],
        'windows': n_windows,
    }
    if result.get('context_budget'):
        rec['context_budget'] = result['context_budget']
    if getattr(prog, 'name', None):
        rec['name'] = prog.name
    return rec


def _process_chunk(indices):
    return [process_program(i) for i in indices]


# --- a process pool that survives hanging and crashing programs --------------------


def _worker_main(conn, memory_limit, fn):
    try:
        import resource

        if memory_limit:
            # on top of what the forked worker already maps (numpy, thread pools)
            try:
                with open('/proc/self/statm') as f:
                    mapped = int(f.read().split()[0]) * os.sysconf('SC_PAGE_SIZE')
            except (OSError, ValueError):
                mapped = 0
            limit = mapped + memory_limit
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass
    sys.setrecursionlimit(2000)
    while True:
        try:
            task = conn.recv()
        except EOFError:
            return
        if task is None:
            return
        key, chunk = task
        try:
            out = fn(chunk)
        except BaseException as e:  # a crash in our code: report, keep going
            out = [{'index': i, 'failed': '%s: %s' % (type(e).__name__, e)} for i in chunk]
        try:
            conn.send((key, out))
        except Exception as e:
            conn.send((key, [{'index': i, 'failed': 'send: %s' % e} for i in chunk]))


class Pool:
    """Ordered map over chunks with N forked workers; a worker busy for more than
    `timeout` seconds is killed and its chunk reported as failed."""

    def __init__(self, workers, timeout, memory_limit, max_tasks=200, fn=None):
        self.ctx = get_context('fork')
        self.fn = fn or _process_chunk
        self.n = workers
        self.timeout = timeout
        self.memory_limit = memory_limit
        self.max_tasks = max_tasks
        self.slots = [None] * workers

    def _start(self, k):
        a, b = self.ctx.Pipe()
        p = self.ctx.Process(target=_worker_main, args=(b, self.memory_limit, self.fn), daemon=True)
        p.start()
        b.close()
        self.slots[k] = {'proc': p, 'conn': a, 'task': None, 'since': 0.0, 'done': 0}

    def _stop(self, k, kill=False):
        s = self.slots[k]
        if s is None:
            return
        if kill:
            s['proc'].kill()
        else:
            try:
                s['conn'].send(None)
            except Exception:
                s['proc'].kill()
        s['proc'].join(5)
        if s['proc'].is_alive():
            s['proc'].kill()
            s['proc'].join()
        s['conn'].close()
        self.slots[k] = None

    def map(self, chunks):
        """Yield (chunk, results) in order."""
        chunks = list(chunks)
        pending = {}
        next_send = 0
        next_yield = 0
        for k in range(self.n):
            self._start(k)
        try:
            while next_yield < len(chunks):
                for k, s in enumerate(self.slots):
                    if s['task'] is None and next_send < len(chunks):
                        s['conn'].send((next_send, chunks[next_send]))
                        s['task'], s['since'] = next_send, time.monotonic()
                        next_send += 1
                busy = [s['conn'] for s in self.slots if s['task'] is not None]
                ready = connection.wait(busy, timeout=0.5) if busy else []
                now = time.monotonic()
                for k, s in enumerate(self.slots):
                    if s['task'] is None:
                        continue
                    if s['conn'] in ready:
                        try:
                            key, out = s['conn'].recv()
                        except (EOFError, OSError):  # the worker died (memory, signal)
                            key = s['task']
                            out = [{'index': i, 'failed': 'worker died'} for i in chunks[key]]
                            self._stop(k, kill=True)
                            self._start(k)
                            pending[key] = out
                            continue
                        pending[key] = out
                        s['task'] = None
                        s['done'] += 1
                        if s['done'] >= self.max_tasks:
                            self._stop(k)
                            self._start(k)
                    elif now - s['since'] > self.timeout:
                        key = s['task']
                        pending[key] = [{'index': i, 'failed': 'timeout'} for i in chunks[key]]
                        self._stop(k, kill=True)
                        self._start(k)
                while next_yield in pending:
                    yield chunks[next_yield], pending.pop(next_yield)
                    next_yield += 1
        finally:
            for k in range(self.n):
                self._stop(k, kill=True)


# --- the builder --------------------------------------------------------------------


class ShardWriter:
    def __init__(self, out, split, window, shard_windows):
        self.dir = os.path.join(out, split)
        os.makedirs(self.dir, exist_ok=True)
        self.window = window
        self.shard_windows = shard_windows
        self.ids, self.mask, self.records = [], [], []
        self.count = 0
        self.shards = 0
        self.stats = Counter()

    def add(self, result):
        self.ids.append(result['ids'])
        self.mask.append(result['mask'])
        self.records.append(result['record'])
        self.count += len(result['ids'])
        self.stats['programs'] += 1
        self.stats['windows'] += len(result['ids'])
        self.stats['tokens'] += int((result['ids'] != fmt.PAD).sum())
        self.stats['target_tokens'] += int(result['mask'].sum())
        if self.count >= self.shard_windows:
            self.flush()

    def flush(self):
        if not self.ids:
            return
        name = '%05d' % self.shards
        np.save(os.path.join(self.dir, 'windows-%s.npy' % name), np.concatenate(self.ids))
        np.save(os.path.join(self.dir, 'mask-%s.npy' % name), np.concatenate(self.mask))
        with gzip.open(os.path.join(self.dir, 'traces-%s.jsonl.gz' % name), 'wt', encoding='utf-8') as f:
            for r in self.records:
                f.write(json.dumps(r, separators=(',', ':')) + '\n')
        self.shards += 1
        self.ids, self.mask, self.records = [], [], []
        self.count = 0


_last_progress = [0.0]


def _progress(label, done, total, t0, extra=''):
    """A progress line: redrawn in place on a terminal, every 10 s (and at the end) in a log."""
    now = time.monotonic()
    tty = sys.stderr.isatty()
    if not tty and done < total and now - _last_progress[0] < 10:
        return
    _last_progress[0] = now
    dt = max(now - t0, 1e-9)
    line = '[%s] %d/%d programs  %.0f/s  %s' % (label, done, total, done / dt, extra)
    sys.stderr.write('\r' + line + '\x1b[K' if tty else line + '\n')
    sys.stderr.flush()


def build(args):
    t_start = time.monotonic()
    generate, catalogue, gen_name = load_generator()
    cfg = {
        'seed': args.seed,
        'max_events': args.max_events,
        'time_limit': args.time_limit,
        'repr_limit': args.repr_limit,
        'max_steps': args.max_steps,
        'window': args.window,
        'max_context': args.max_context,
        'split_all': args.split_all,
        'select_context': args.select_context,
    }
    if args.long_share:
        cfg['long_share'] = args.long_share
    if args.mix:
        cfg['mix'] = parse_mix(args.mix)
    _W['generate'] = generate
    if not args.programs and not args.programs_dir:
        raise SystemExit('give --programs N (generate) or --programs-dir DIR (files)')
    if args.programs_dir:
        if not args.tokenizer:
            raise SystemExit('--programs-dir needs --tokenizer (the model\'s own; an evaluation set trains none)')
        _W['files'] = file_programs(args.programs_dir)
        args.programs = len(_W['files'])
        gen_name = 'files:' + args.programs_dir
    _W['cfg'] = cfg
    os.makedirs(args.out, exist_ok=True)
    workers = args.workers or os.cpu_count() or 1
    chunk = args.chunk

    def chunks_of(n):
        return [list(range(i, min(i + chunk, n))) for i in range(0, n, chunk)]

    pool = Pool(workers, timeout=args.hard_timeout, memory_limit=args.memory_limit << 20)

    # 1. tokenizer
    if args.tokenizer:
        tok = Tokenizer.load(args.tokenizer)
        print('[build] tokenizer %s (%d ids)' % (args.tokenizer, tok.vocab_size), file=sys.stderr)
    else:
        n_tok = min(args.tokenizer_programs, args.programs)
        _W['tokenizer'] = None
        texts = []
        t0 = time.monotonic()
        done = 0
        for ch, results in pool.map(chunks_of(n_tok)):
            for r in results:
                texts.extend(r.get('texts', ()))
            done += len(ch)
            _progress('tokenizer sample', done, n_tok, t0)
        if sys.stderr.isatty():
            sys.stderr.write('\n')
        t0 = time.monotonic()
        tok = Tokenizer.train(texts, args.vocab)
        print(
            '[build] trained tokenizer: %d ids from %d text segments in %.1fs'
            % (tok.vocab_size, len(texts), time.monotonic() - t0),
            file=sys.stderr,
        )
    tok.save(os.path.join(args.out, 'tokenizer.json'))
    _W['tokenizer'] = tok

    # 2. all programs
    writers = {name: ShardWriter(args.out, name, args.window, args.shard_windows) for name, _ in SPLITS}
    seen = set()
    stats = Counter()
    actions = Counter()
    policies = Counter()
    exits = Counter()
    kinds = Counter()
    features = Counter()
    failures = Counter()
    t0 = time.monotonic()
    done = 0
    for ch, results in pool.map(chunks_of(args.programs)):
        for r in results:
            stats['generated'] += 1
            if 'failed' in r:
                failures[r['failed'].split(':')[0]] += 1
                continue
            if r['hash'] in seen:
                stats['duplicates'] += 1
                continue
            seen.add(r['hash'])
            exits[r['exit']] += 1
            if r.get('skipped'):
                stats['skipped_' + r['skipped']] += 1
                continue
            if r['events'] == 0:
                stats['skipped_no_events'] += 1
                continue
            stats['programs'] += 1
            stats['states'] += r['events']
            kinds[r['kind']] += 1
            actions.update(r['actions'])
            policies.update(r['policies'])
            features.update(r['features'])
            writers[r['split']].add(r)
        done += len(ch)
        tr = writers['train'].stats
        frac = tr['target_tokens'] / max(tr['tokens'], 1)
        _progress('build', done, args.programs, t0, 'windows %d  target %.1f%%' % (tr['windows'], 100 * frac))
    if sys.stderr.isatty():
        sys.stderr.write('\n')
    for w in writers.values():
        w.flush()
    elapsed = time.monotonic() - t0

    splits = {}
    for name, w in writers.items():
        s = w.stats
        splits[name] = {
            'programs': s['programs'],
            'windows': s['windows'],
            'tokens': s['tokens'],
            'target_tokens': s['target_tokens'],
            'shards': w.shards,
        }
    tokens = sum(s['tokens'] for s in splits.values())
    targets = sum(s['target_tokens'] for s in splits.values())
    total_actions = sum(actions.values()) or 1
    coverage = {'generator': gen_name, 'features_used': len(features)}
    if catalogue is not None:
        cat = list(catalogue)
        used = [c for c in cat if features.get(c)]
        coverage.update(
            catalogue=len(cat),
            covered=len(used),
            fraction=round(len(used) / max(len(cat), 1), 4),
            missing=[c for c in cat if not features.get(c)][:200],
        )
    coverage['counts'] = dict(features.most_common())
    meta = {
        'format_version': fmt.FORMAT_VERSION,
        'window': args.window,
        'vocab_size': tok.vocab_size,
        'pad_id': fmt.PAD,
        'bos_id': fmt.BOS,
        'end_id': fmt.END,
        'special_tokens': {name: i for i, name in enumerate(fmt.SPECIALS)},
        'dtype': {'windows': 'uint16', 'mask': 'uint8'},
        'splits': splits,
        'programs': dict(stats),
        'exits': dict(exits),
        'kinds': dict(kinds),
        'failures': dict(failures),
        'action_mix': {a: round(c / total_actions, 4) for a, c in actions.most_common()},
        'action_counts': dict(actions),
        'policies': dict(policies),
        'target_fraction': round(targets / max(tokens, 1), 4),
        'tokens_per_program': round(tokens / max(stats['programs'], 1), 1),
        'coverage': coverage,
        'config': dict(
            cfg,
            programs=args.programs,
            repr_limit=args.repr_limit,
            vocab=args.vocab,
            tokenizer=args.tokenizer,
            python=sys.version.split()[0],
        ),
        'seconds': round(time.monotonic() - t_start, 1),
    }
    with open(os.path.join(args.out, 'meta.json'), 'w') as f:
        json.dump(meta, f, indent=1)
    rate = stats['generated'] / max(elapsed, 1e-9) * 60 / workers
    print(
        '[build] %d programs (%d generated, %d duplicates, %d failed) in %.0fs: %.0f programs/min/core on %d workers'
        % (stats['programs'], stats['generated'], stats['duplicates'], sum(failures.values()), elapsed, rate, workers)
    )
    print(
        '[build] states %d  windows %d  tokens %d  target tokens %d (%.1f%%)  tokens/program %.0f'
        % (
            stats['states'],
            sum(s['windows'] for s in splits.values()),
            tokens,
            targets,
            100 * targets / max(tokens, 1),
            tokens / max(stats['programs'], 1),
        )
    )
    print(
        '[build] splits '
        + '  '.join('%s: %d programs / %d windows' % (k, v['programs'], v['windows']) for k, v in splits.items())
    )
    print('[build] exits ' + ', '.join('%s %d' % kv for kv in exits.most_common()))
    print('[build] action mix ' + ', '.join('%s %.3f' % (a, c / total_actions) for a, c in actions.most_common()))
    if catalogue is not None:
        print('[build] coverage %d/%d catalogue entries' % (coverage['covered'], coverage['catalogue']))
    else:
        print('[build] coverage: %d distinct features (%s)' % (len(features), gen_name))
    print('[build] wrote %s' % args.out)
    return meta


def main(argv=None):
    parser = argparse.ArgumentParser(prog='python -m ndbg.data')
    sub = parser.add_subparsers(dest='cmd', required=True)
    b = sub.add_parser('build', help='generate, trace and tokenize programs into shards')
    b.add_argument('--programs', type=int, help='how many programs to generate')
    b.add_argument(
        '--programs-dir',
        help='instead of generating: the .py files of these dirs (comma-separated), '
        'e.g. evalsets/handwritten; stdin from NAME.stdin',
    )
    b.add_argument(
        '--split-all',
        choices=[name for name, _ in SPLITS],
        help='put every program in this split (an evaluation set: --split-all test)',
    )
    b.add_argument(
        '--mix',
        help='extra program shapes and their shares, e.g. short=0.4,classes=0.3 '
        '(short: CruxEval-shaped functions called once; classes: class-based scripts)',
    )
    b.add_argument('--out', required=True)
    b.add_argument('--seed', type=int, default=0)
    b.add_argument('--window', type=int, default=1024)
    b.add_argument('--workers', type=int, default=0, help='default: all cores')
    b.add_argument('--tokenizer', help='reuse this tokenizer.json instead of training one')
    b.add_argument('--vocab', type=int, default=2048, help='tokenizer size, specials included')
    b.add_argument('--tokenizer-programs', type=int, default=3000, help='programs sampled to train the tokenizer')
    b.add_argument('--max-events', type=int, default=2000)
    b.add_argument(
        '--max-steps',
        type=int,
        default=128,
        help='debugger steps sampled per program (then more until its last window is full)',
    )
    b.add_argument(
        '--max-context',
        type=float,
        default=0.5,
        help='a code context longer than this fraction of the window is selected down to it '
        '(docs/format.md, "Context selection"), or with --no-select-context skipped',
    )
    b.add_argument(
        '--select-context',
        action=argparse.BooleanOptionalAction,
        default=True,
        help='train on programs longer than the window, each window showing the lines chosen '
        'for its first state (default on)',
    )
    b.add_argument(
        '--long-share',
        type=float,
        default=0.0,
        help='this fraction of the generated programs composed of several into one of 150-450 lines '
        '(ndbg.gen.long), longer than the window',
    )
    b.add_argument('--time-limit', type=float, default=2.0, help='seconds per program')
    b.add_argument('--hard-timeout', type=float, default=60.0, help='seconds per chunk before a worker is killed')
    b.add_argument('--memory-limit', type=int, default=2048, help='MiB of address space per worker, beyond its start')
    b.add_argument('--repr-limit', type=int, default=100)
    b.add_argument('--shard-windows', type=int, default=32768)
    b.add_argument('--chunk', type=int, default=16, help='programs per worker task')
    sh = sub.add_parser('show', help='print windows of a dataset, targets marked')
    sh.add_argument('dir')
    sh.add_argument('--split', default='train')
    sh.add_argument('--shard', type=int, default=0)
    sh.add_argument('--index', type=int, default=0, help='first window')
    sh.add_argument('--count', type=int, default=1)
    args = parser.parse_args(argv)
    if args.cmd == 'build':
        build(args)
    elif args.cmd == 'show':
        show(args)


def show(args):
    """Windows as text; loss targets between \x1b[1m and \x1b[0m (bold) on a terminal,
    between [[ and ]] otherwise."""
    tok = Tokenizer.load(os.path.join(args.dir, 'tokenizer.json'))
    w = np.load(os.path.join(args.dir, args.split, 'windows-%05d.npy' % args.shard), mmap_mode='r')
    m = np.load(os.path.join(args.dir, args.split, 'mask-%05d.npy' % args.shard), mmap_mode='r')
    on, off = ('\x1b[1m', '\x1b[0m') if sys.stdout.isatty() else ('[[', ']]')
    for r in range(args.index, min(args.index + args.count, len(w))):
        ids, mask = [int(x) for x in w[r]], [int(x) for x in m[r]]
        while ids and ids[-1] == fmt.PAD:
            ids.pop()
        parts, k = [], 0
        while k < len(ids):
            j = k
            while j < len(ids) and mask[j] == mask[k]:
                j += 1
            text = tok.decode(ids[k:j])
            parts.append(on + text + off if mask[k] else text)
            k = j
        print('=== window %d: %d tokens, %d targets' % (r, len(ids), sum(mask)))
        print(''.join(parts))
