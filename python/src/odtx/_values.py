"""One definition of a value, which fit and predict share.

odtx is handed codes, never the data's own text: its CSV reader trims
spaces around fields and reads "2" and "2.0" as one number, so that raw
text would mean one thing to odtx and another to Python. A column whose
values are all numbers is written as the float64 of each, in repr, which
odtx parses back to the same float64; any other column as one token per
distinct value (v0, v1, ...), which no reader can trim or parse as a
number. The tree odtx returns tests tokens and thresholds, which decode to
the column's own values; predict compares codes and float64s as the fit
did.

A missing value (None, NaN, pandas' NA or NaT) is, in a column of numbers,
an empty field, which odtx reads as missing: each test odtx learns on the
column says which side missing values take, and predict sends them there.
In any other column it is one value of its own, however it is written.
"""

import numbers

import numpy as np

try:
    from pandas import NA as _NA
    from pandas import NaT as _NaT

    _MISSING = (_NA, _NaT)
except ImportError:  # pandas is optional
    _MISSING = ()


def is_missing(value):
    """Whether value is a missing value: None, a NaN of any float type,
    or pandas' NA or NaT."""
    if value is None or any(value is m for m in _MISSING):
        return True
    return _number(value) and value != value


def key(value):
    """The identity of value among a column's values: values of one key
    are one value.

    A number of any type (int, float, numpy's; not a bool) is its float64,
    so that 1, 1.0 and numpy.int64(1) are one value, as in a column of
    numbers; a bool is itself, not 1 or 0; a string (numpy's too) is
    itself, character for character, so that " a" and "a", "2" and "2.0",
    "1" and 1 all differ; any other value (dates, ...) equals the values
    of its type that Python says it equals; every missing value
    (is_missing: None, NaN, pandas' NA) is one value.
    """
    if is_missing(value):
        return ("missing", None)
    if isinstance(value, (bool, np.bool_)):
        return ("bool", bool(value))
    if isinstance(value, numbers.Real):
        return ("number", float(value))
    if isinstance(value, str):
        return ("str", str(value))
    kind = type(value)
    return (f"{kind.__module__}.{kind.__qualname__}", value)


def _number(value):
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def all_numbers(values):
    """Whether every one of values, a 1-D array, is a number (not a
    bool) or missing: the column is then one of numbers, given <= tests."""
    if values.dtype.kind in "iuf":
        return True
    return values.dtype.kind == "O" and all(_number(v) or is_missing(v) for v in values)


def _plain(value):
    """value as a Python object rather than a numpy scalar, so that the
    decoded tree holds what json.dumps and a reader expect."""
    return value.item() if isinstance(value, np.generic) else value


def tokens(prefix, n):
    """The n tokens prefix0, prefix1, ... with their numbers padded to one
    width, so that odtx, which orders a column's values as strings, orders
    them as the numbers."""
    width = len(str(max(n - 1, 0)))
    return [f"{prefix}{i:0{width}d}" for i in range(n)]


def code_of(token):
    """The number of a token that tokens made."""
    return int(token[1:])


class Column:
    """One column of the training data: how it is written for odtx, how
    the tests odtx learns on it read, and how predict evaluates them.

    A column of numbers (unless threshold is false, split="eq") keeps its
    float64s. Any other keeps its distinct values, by key, in order where
    they can be ordered (strings as odtx orders strings), else in the order
    they first occur; each value's code is its place in that order.
    """

    def __init__(self, name, values, threshold):
        self.name = name
        self.numeric = threshold and all_numbers(values)
        if self.numeric:
            self.numbers(values)  # refuses an infinity
            return
        first = {}  # by key: the value, None for the missing ones, as JSON holds it
        for v in values:
            first.setdefault(key(v), None if is_missing(v) else _plain(v))
        try:
            order = sorted(first)
        except TypeError:  # values that do not order, such as None among strings
            order = list(first)
        self.values = [first[k] for k in order]
        self._codes = {k: i for i, k in enumerate(order)}

    def fields(self, values):
        """The CSV fields odtx reads for values, this column's training
        values: in a column of numbers, empty for a missing one."""
        if self.numeric:
            return [repr(v) if v == v else "" for v in self.numbers(values).tolist()]
        names = tokens("v", len(self.values))
        return [names[c] for c in self.codes(values)]

    def numbers(self, values):
        """values as float64s, for <= tests, NaN for a missing one; a value
        that is neither a finite number nor missing is an error."""
        if not all_numbers(values):
            bad = next(v for v in values if not _number(v) and not is_missing(v))
            raise ValueError(f"column {self.name!r} held numbers in fit, not {bad!r}")
        if values.dtype.kind == "O":
            values = [np.nan if is_missing(v) else v for v in values]
        out = np.asarray(values, dtype=np.float64)
        if np.isinf(out).any():
            raise ValueError(f"column {self.name!r} holds {out[np.isinf(out)][0]}, which no threshold orders")
        return out

    def codes(self, values):
        """The code of each of values, -1 for a value the fit did not see,
        which no == test holds for."""
        return np.array([self._codes.get(key(v), -1) for v in values], dtype=np.intp)

    def decode(self, op, value):
        """The value of a test odtx wrote on this column: the threshold of a
        <= test, the column's own value for the token of an == test."""
        return float(value) if op == "<=" else self.values[code_of(value)]
