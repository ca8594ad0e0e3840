"""What changed between two views, as a short list of operations.

A replay page (``replay.page``) stores a seat's view at a keyframe and, for
every later event, only what changed.  The page's script applies the
operations in order; ``apply`` here is the same rule in Python (the tests
check that both agree with the fold at every event).  Views are JSON data:
dicts with string keys, lists, numbers, strings, booleans and None.

Operations (``path`` is a list of dict keys and list indices from the root):

- ``[0, path, value]``: put ``value`` at ``path``;
- ``[1, path]``: remove the dict key at ``path``;
- ``[2, path, k, tail]``: keep the first ``k`` items of the list at ``path``
  and append ``tail`` (a pile growing, a hand losing one card).

A list of the same length is compared item by item only when its items are
dicts or lists (seats, characters); otherwise it changes as one splice.
Equal subtrees are found with Python's ``==``, for which ``True == 1``: a
boolean and a number at the same place count as unchanged (a view's fields
keep their types, so it never happens there).
"""
from __future__ import annotations

import copy
from typing import Any

Op = list[Any]
SET, DELETE, SPLICE = 0, 1, 2


def diff(a: Any, b: Any) -> list[Op]:
    """The operations that turn ``a`` into ``b``."""
    out: list[Op] = []
    _diff(a, b, [], out)
    return out


def _diff(a: Any, b: Any, path: list[Any], out: list[Op]) -> None:
    if a == b and type(a) is type(b):
        return
    if type(a) is dict and type(b) is dict:
        for k, vb in b.items():
            if k not in a:
                out.append([SET, [*path, k], vb])
            else:
                _diff(a[k], vb, [*path, k], out)
        for k in a:
            if k not in b:
                out.append([DELETE, [*path, k]])
        return
    if type(a) is list and type(b) is list:
        if len(a) == len(b) and a and all(type(x) in (dict, list) for x in a):
            for i, (x, y) in enumerate(zip(a, b)):
                _diff(x, y, [*path, i], out)
            return
        k = 0
        for x, y in zip(a, b):
            if x != y or type(x) is not type(y):
                break
            k += 1
        out.append([SPLICE, path, k, b[k:]])
        return
    out.append([SET, path, b])


def apply(doc: Any, ops: list[Op]) -> Any:
    """``doc`` changed by ``ops`` (in place where it can; values are copied in)."""
    for op in ops:
        path = op[1]
        if not path:
            if op[0] == SET:
                doc = copy.deepcopy(op[2])
            elif op[0] == SPLICE:
                del doc[op[2] :]
                doc.extend(copy.deepcopy(op[3]))
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if op[0] == SET:
            parent[last] = copy.deepcopy(op[2])
        elif op[0] == DELETE:
            del parent[last]
        else:
            target = parent[last]
            del target[op[2] :]
            target.extend(copy.deepcopy(op[3]))
    return doc
