"""The CPython versions an analysis covers, and how their tracing differs.

Owns: the supported versions (`SUPPORTED`), the target a result is sound for
(`Target`), and each version-dependent behaviour of `sys.settrace` line events the
control-flow graph models (`Features`: 'always' / 'never' / 'maybe' over the target's
versions). Imports only the standard library.
"""

import sys

SUPPORTED = ((3, 9), (3, 10), (3, 11), (3, 12), (3, 13))


class Target:
    """The CPython versions whose tracing behaviour the analysis must cover."""

    def __init__(self, versions):
        self.versions = tuple(sorted(versions))
        if not self.versions:
            raise ValueError('no target version')

    @classmethod
    def parse(cls, spec=None):
        if spec is None or spec == 'current':
            v = tuple(sys.version_info[:2])
            v = min(max(v, SUPPORTED[0]), SUPPORTED[-1])
            return cls([v])
        if spec == 'all':
            return cls(SUPPORTED)
        if isinstance(spec, str):
            major, minor = spec.split('.')
            return cls([(int(major), int(minor))])
        return cls([tuple(v) for v in spec])

    def name(self):
        if len(self.versions) == 1:
            return '%d.%d' % self.versions[0]
        return ','.join('%d.%d' % v for v in self.versions)

    def feature(self, pred):
        """'always' / 'never' / 'maybe': whether `pred(version)` holds for the versions."""
        hits = [bool(pred(v)) for v in self.versions]
        return 'always' if all(hits) else ('maybe' if any(hits) else 'never')


class Features:
    """What the target's versions do, each 'always', 'never' or 'maybe' (some do)."""

    def __init__(self, target):
        t = self.target = target
        self.inline_comps = t.feature(lambda v: v >= (3, 12))
        self.comp_frames = t.feature(lambda v: v < (3, 12))
        self.with_exit_event = t.feature(lambda v: v >= (3, 10))
        self.finally_revisit = t.feature(lambda v: v < (3, 10))
        self.const_test_event = t.feature(lambda v: v >= (3, 10))
        self.const_expr_event = t.feature(lambda v: v >= (3, 10))
        self.docstring_return_line = t.feature(lambda v: v < (3, 10))
        self.pass_optional = self.finally_revisit != 'never'  # 3.9: break, continue may be silent
        self.finally_cleanup_event = t.feature(lambda v: v == (3, 11))
        self.handler_cleanup_event = t.feature(lambda v: v < (3, 10))
        self.tail_events = t.feature(lambda v: v < (3, 10))
        self.with_exit_39 = t.feature(lambda v: v < (3, 10))
        self.branch_repeat = t.feature(lambda v: v == (3, 12))
        self.bare_except_event = 'always'
