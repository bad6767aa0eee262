"""The idioms generated bodies are built from, how often each is drawn, and the
draw: the one table of them.

A body is a few idioms in a row, each drawn by weight from one table:
FUNCTION for a function's body and its helpers' (extracted blocks), SCALAR
for a helper of one element (a str or an int, used per item), SCRIPT for a
module-level script. An idiom writes statements into the body (an Fn, see
core.py) and returns True, or gives up and returns False; `run` then undoes
what it wrote and draws again.

The order of the entries is part of the generator's determinism: a seed gives
the same program only with the same entries in the same order.
"""

from bisect import bisect_right

from . import aggregates, arith, control, funcs, loops, mappings, sequences, shapes, strings, templates

FUNCTION = (
    (7.0, loops.st_loop),
    (4.0, loops.st_comp),
    (4.0, aggregates.st_aggregate),
    (1.5, aggregates.st_pairs_two),
    (3.5, strings.st_str),
    (1.0, strings.st_kv_parse),
    (2.0, sequences.st_slice),
    (2.5, sequences.st_list_mut),
    (2.5, mappings.st_dict_ops),
    (1.5, mappings.st_set_ops),
    (1.2, sequences.st_tuple_ops),
    (2.5, control.st_branch),
    (2.5, loops.st_while),
    (2.5, control.st_try),
    (0.8, control.st_print),
    (1.8, arith.st_math),
    (1.2, strings.st_format),
    (3.0, arith.st_mixed),
    (0.8, sequences.st_iter_next),
    (2.0, sequences.st_sort_lambda),
    (1.0, arith.st_derive),
    (0.8, loops.st_nested),
    (2.2, funcs.st_helper),
    (2.6, funcs.st_map_helper),
    # shapes of more than one idiom (templates.py)
    (1.4, templates.st_recursion),
    (1.0, templates.st_generator),
    (0.9, templates.st_raise_helper),
    # real code's shapes the rest makes rarely (shapes.py)
    (2.0, shapes.st_chain),
    (1.2, shapes.st_group_get),
)

SCALAR = (
    (2.0, strings.st_str),
    (2.0, control.st_branch),
    (1.0, arith.st_math),
    (1.0, arith.st_derive),
    (1.5, loops.st_loop),
    (1.0, loops.st_while),
    (1.0, control.st_try),
    (0.6, strings.st_format),
    (1.0, loops.st_comp),
    (0.8, aggregates.st_aggregate),
    (0.6, sequences.st_slice),
)

SCRIPT = (
    (9.0, loops.st_loop),
    (4.0, loops.st_comp),
    (4.0, aggregates.st_aggregate),
    (1.5, aggregates.st_pairs_two),
    (3.5, strings.st_str),
    (1.0, strings.st_kv_parse),
    (2.0, sequences.st_slice),
    (2.5, sequences.st_list_mut),
    (2.5, mappings.st_dict_ops),
    (1.5, mappings.st_set_ops),
    (1.2, sequences.st_tuple_ops),
    (2.5, control.st_branch),
    (3.5, loops.st_while),
    (2.5, control.st_try),
    (3.0, control.st_print),
    (1.8, arith.st_math),
    (1.2, strings.st_format),
    (3.0, arith.st_mixed),
    (0.8, sequences.st_iter_next),
    (2.0, sequences.st_sort_lambda),
    (1.0, arith.st_derive),
    (1.5, loops.st_nested),
    (2.0, shapes.st_chain),
    (1.2, shapes.st_group_get),
)


def _cumulative(table):
    total = 0.0
    cum = []
    for weight, _ in table:
        total += weight
        cum.append(total)
    return cum, [idiom for _, idiom in table]


_DRAW = {id(t): _cumulative(t) for t in (FUNCTION, SCALAR, SCRIPT)}


def draw(rng, table):
    """A weighted choice of one idiom of `table`."""
    cum, idioms = _DRAW[id(table)]
    return idioms[bisect_right(cum, rng.random() * cum[-1])]


def run(F, k, table):
    """Write k idioms of `table` into the body F (each drawn up to 8 times until
    one does not give up); returns how many were written."""
    rng = F.rng
    g = F.g
    done = 0
    for _ in range(k):
        for _ in range(8):
            idiom = draw(rng, table)
            n_lines = len(F.w.lines)
            n_funcs = len(g.funcs)
            names = set(F.names)
            scope = list(F.scope)
            feats = set(g.feats)
            cost = F.cost
            if idiom(F):
                done += 1
                break
            # an idiom that gave up leaves no trace
            del F.w.lines[n_lines:]
            del g.funcs[n_funcs:]
            F.names = names
            F.scope = scope
            g.feats = feats
            F.cost = cost
    return done
