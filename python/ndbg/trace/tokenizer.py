"""Byte-level BPE for the trace format (specified in docs/format.md, "Tokenizer").

Ids: 0..31 special tokens (format.SPECIALS, the rest reserved), 32..287 the 256
bytes (id = 32 + byte), then one id per merge in rank order. Text is UTF-8 encoded,
cut into chunks by `pretokenize` (digits are always single chunks, so single
tokens), and each chunk is merged with the BPE merges: repeatedly take the adjacent
pair with the lowest merge rank and replace all its occurrences, left to right
without overlap, until no adjacent pair has a rank. Text can never produce a special
id; decoding text ids gives back the exact bytes (lossless).

Standard library only.
"""

import json
import re

from . import format as fmt

BYTE_OFFSET = fmt.NUM_SPECIAL_SLOTS
FIRST_MERGE = BYTE_OFFSET + 256

# byte classes for pre-tokenization
_DIGIT, _LETTER, _SPACE, _NEWLINE, _OTHER = range(5)
_CLASS = []
for _b in range(256):
    if 48 <= _b <= 57:
        _CLASS.append(_DIGIT)
    elif 65 <= _b <= 90 or 97 <= _b <= 122 or _b == 95 or _b >= 128:
        _CLASS.append(_LETTER)
    elif _b == 32:
        _CLASS.append(_SPACE)
    elif _b == 10:
        _CLASS.append(_NEWLINE)
    else:
        _CLASS.append(_OTHER)


def pretokenize_reference(data):
    """Split bytes into chunks (the specification; `pretokenize` is the fast equal).

    - each digit byte (0-9) is a chunk; each newline byte is a chunk;
    - a maximal run of letters ([A-Za-z_] and all bytes >= 0x80) is a chunk, and so is
      a maximal run of other bytes (punctuation, tabs, control bytes);
    - a maximal run of k spaces is a chunk, except that when it is directly followed
      by a letter or other byte, its last space is split off and starts that run's
      chunk (so ' foo', ' +=', and 4 spaces of indent then 'if' -> '   ', ' if').
    """
    chunks = []
    n = len(data)
    i = 0
    cls = _CLASS
    while i < n:
        c = cls[data[i]]
        if c == _DIGIT or c == _NEWLINE:
            chunks.append(data[i : i + 1])
            i += 1
            continue
        start = i
        if c == _SPACE:
            j = i
            while j < n and cls[data[j]] == _SPACE:
                j += 1
            if j < n and cls[data[j]] in (_LETTER, _OTHER):
                if j - 1 > i:
                    chunks.append(data[i : j - 1])
                start = j - 1
                i = j
                c = cls[data[j]]
            else:
                chunks.append(data[i:j])
                i = j
                continue
        while i < n and cls[data[i]] == c:
            i += 1
        chunks.append(data[start:i])
    return chunks


_CHUNK = re.compile(
    rb' ?[A-Za-z_\x80-\xff]+'  # letters, with one leading space
    rb'| ?[^0-9\n A-Za-z_\x80-\xff]+'  # other bytes, with one leading space
    rb'| +(?= [^0-9\n ])'  # spaces before a space that joins a letter / other run
    rb'| +|[0-9]|\n'
)


def pretokenize(data):
    """Split bytes into chunks: the rules of `pretokenize_reference`, as one regex."""
    return _CHUNK.findall(data)


def _apply_merges(ids, ranks):
    while len(ids) > 1:
        best = None
        best_rank = None
        for pair in zip(ids, ids[1:]):
            r = ranks.get(pair)
            if r is not None and (best_rank is None or r < best_rank):
                best, best_rank = pair, r
        if best is None:
            break
        new_id = FIRST_MERGE + best_rank
        out = []
        k = 0
        n = len(ids)
        a, b = best
        while k < n:
            if k + 1 < n and ids[k] == a and ids[k + 1] == b:
                out.append(new_id)
                k += 2
            else:
                out.append(ids[k])
                k += 1
        ids = out
    return ids


class Tokenizer:
    def __init__(self, merges):
        self.merges = [tuple(m) for m in merges]
        self.ranks = {pair: r for r, pair in enumerate(self.merges)}
        self.vocab_size = FIRST_MERGE + len(self.merges)
        self.bytes_of = [b''] * self.vocab_size
        for b in range(256):
            self.bytes_of[BYTE_OFFSET + b] = bytes([b])
        for r, (a, b) in enumerate(self.merges):
            self.bytes_of[FIRST_MERGE + r] = self.bytes_of[a] + self.bytes_of[b]
        self._cache = {}
        self._text_cache = {}

    # --- encoding ---

    def encode_chunk(self, chunk):
        ids = self._cache.get(chunk)
        if ids is None:
            ids = _apply_merges([BYTE_OFFSET + b for b in chunk], self.ranks)
            if len(self._cache) < 200000:
                self._cache[chunk] = ids
        return ids

    def encode(self, text):
        """Token ids of plain text (never special ids)."""
        cached = self._text_cache.get(text)
        if cached is not None:
            return list(cached)
        ids = []
        for chunk in pretokenize(text.encode('utf-8')):
            ids.extend(self.encode_chunk(chunk))
        if len(text) <= 256:
            if len(self._text_cache) >= 400000:
                self._text_cache.clear()
            self._text_cache[text] = tuple(ids)
        return ids

    def encode_items(self, items):
        """Items (int = special id, str = text) -> ids."""
        ids = []
        cache = self._text_cache
        for x in items:
            if isinstance(x, int):
                ids.append(x)
            else:
                cached = cache.get(x)
                ids.extend(cached if cached is not None else self.encode(x))
        return ids

    # --- decoding ---

    def decode_items(self, ids):
        """ids -> items; raises UnicodeDecodeError when text is not valid UTF-8."""
        items = []
        buf = bytearray()
        for i in ids:
            i = int(i)
            if i < BYTE_OFFSET:
                if buf:
                    items.append(buf.decode('utf-8'))
                    buf = bytearray()
                items.append(i)
            else:
                buf += self.bytes_of[i]
        if buf:
            items.append(buf.decode('utf-8'))
        return items

    def decode(self, ids):
        """Printable text, specials as <|name|> (invalid UTF-8 replaced)."""
        parts = []
        buf = bytearray()
        for i in ids:
            i = int(i)
            if i < BYTE_OFFSET:
                parts.append(buf.decode('utf-8', 'replace'))
                buf = bytearray()
                parts.append('<|%s|>' % fmt.special_name(i))
            else:
                buf += self.bytes_of[i]
        parts.append(buf.decode('utf-8', 'replace'))
        return ''.join(parts)

    def token_text(self, i):
        if i < BYTE_OFFSET:
            return '<|%s|>' % fmt.special_name(i)
        return self.bytes_of[i].decode('utf-8', 'backslashreplace')

    # --- persistence ---

    def to_json(self):
        return {
            'type': 'ndbg-bpe',
            'version': 1,
            'format_version': fmt.FORMAT_VERSION,
            'vocab_size': self.vocab_size,
            'specials': [fmt.special_name(i) for i in range(BYTE_OFFSET)],
            'byte_offset': BYTE_OFFSET,
            'first_merge': FIRST_MERGE,
            'pretokenizer': 'ndbg-v1: digits and newlines single; runs of letters [A-Za-z_\\x80-\\xff]; '
            'runs of other bytes; space runs, last space joins a following letter/other run',
            'merges': [list(m) for m in self.merges],
        }

    def save(self, path):
        with open(path, 'w', encoding='utf-8') as f:
            json.dump(self.to_json(), f)

    @classmethod
    def load(cls, path):
        with open(path, encoding='utf-8') as f:
            data = json.load(f)
        if data.get('type') != 'ndbg-bpe' or data.get('byte_offset') != BYTE_OFFSET:
            raise ValueError('not an ndbg tokenizer: %s' % path)
        return cls(data['merges'])

    # --- training ---

    @classmethod
    def train(cls, texts, vocab_size=2048, progress=None):
        """Learn merges from an iterable of text segments until `vocab_size` ids.

        Each merge is the most frequent adjacent pair within chunks (ties: the smallest
        (left id, right id)). Digit chunks are never merged."""
        counts = {}
        for text in texts:
            for chunk in pretokenize(text.encode('utf-8')):
                if len(chunk) > 1:
                    counts[chunk] = counts.get(chunk, 0) + 1
        words = [[BYTE_OFFSET + b for b in w] for w in counts]
        freqs = list(counts.values())
        pair_count = {}
        where = {}
        for wi, w in enumerate(words):
            f = freqs[wi]
            for p in zip(w, w[1:]):
                pair_count[p] = pair_count.get(p, 0) + f
                where.setdefault(p, set()).add(wi)
        merges = []
        n_merges = vocab_size - FIRST_MERGE
        while len(merges) < n_merges and pair_count:
            best = max(pair_count.items(), key=lambda kv: (kv[1], -kv[0][0], -kv[0][1]))
            pair, count = best
            if count < 2:
                break
            new_id = FIRST_MERGE + len(merges)
            merges.append(pair)
            a, b = pair
            for wi in list(where.get(pair, ())):
                w = words[wi]
                f = freqs[wi]
                for p in zip(w, w[1:]):
                    c = pair_count.get(p, 0) - f
                    if c > 0:
                        pair_count[p] = c
                    else:
                        pair_count.pop(p, None)
                    s = where.get(p)
                    if s is not None:
                        s.discard(wi)
                out = []
                k = 0
                n = len(w)
                while k < n:
                    if k + 1 < n and w[k] == a and w[k + 1] == b:
                        out.append(new_id)
                        k += 2
                    else:
                        out.append(w[k])
                        k += 1
                words[wi] = out
                for p in zip(out, out[1:]):
                    pair_count[p] = pair_count.get(p, 0) + f
                    where.setdefault(p, set()).add(wi)
            where.pop(pair, None)
            pair_count.pop(pair, None)
            if progress and len(merges) % 200 == 0:
                progress(len(merges), n_merges)
        return cls(merges)
