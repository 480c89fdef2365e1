"""The tree of a fitted OptimalTreeClassifier as text, Graphviz DOT and SVG."""

import json

from sklearn.utils.validation import check_is_fitted

from ._binary import run


def _shown(value):
    """A value of a tree as it reads: a string as written where it reads as
    one plain string, else quoted as Python quotes it (" a", "", "2",
    "None"); anything else as str shows it."""
    if not isinstance(value, str):
        return str(value)
    plain = value and value.strip() == value and value.isprintable() and value[0] not in "'\""
    return value if plain and not _other(value) else repr(value)


def _other(text):
    """Whether text reads as a value that is no string: a number, a bool
    or None."""
    if text in ("True", "False", "None"):
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def _counts(tree, leaf):
    """The training rows of each class at leaf, as odtx writes them ("a: 3,
    b: 1"), or "" where they were not counted."""
    counts = leaf.get("counts")
    if counts is None:
        return ""
    parts = [f"{_shown(c)}: {k}" for c, k in zip(tree["classes"], counts) if k > 0]
    return ", ".join(parts) or "no rows"


def _test(node, holds=True):
    """The test of node, or with holds false its negation, as text; on a
    column that had missing values in training, with the side they take,
    as odtx writes it: "x <= 3 (missing: yes)", "x > 3 (missing: no)"."""
    op = node["op"] if holds else {"<=": ">", "==": "!="}[node["op"]]
    value = node["value"] if node["op"] == "<=" else _shown(node["value"])
    text = f"{node['column']} {op} {value}"
    if node.get("missing_learned"):
        text += " (missing: " + ("yes" if node["missing"] == holds else "no") + ")"
    return text


def export_text(model, show_counts=True):
    """The tree of model as text rules, named and drawn as scikit-learn's
    export_text draws a tree: each test, then its negation, with the
    subtree under each; each leaf its class and, with show_counts, the
    training rows of each class that reach it."""
    check_is_fitted(model)
    tree = model.tree_
    lines = []

    def walk(node, depth):
        indent = "|   " * depth + "|--- "
        if "class" in node:
            counts = _counts(tree, node) if show_counts else ""
            lines.append(f"{indent}class: {_shown(node['class'])}" + (f" ({counts})" if counts else ""))
            return
        for holds, branch in ((True, node["true"]), (False, node["false"])):
            lines.append(indent + _test(node, holds))
            walk(branch, depth + 1)

    walk(tree["root"], 0)
    return "\n".join(lines) + "\n"


def export_graphviz(model, out_file=None):
    """The tree of model as a Graphviz digraph, as odtx learn --format dot
    writes it: a box per test, its edges labelled true and false, an
    ellipse per leaf with its class and counts. Written to out_file (a path
    or a file object) if given, else returned as a string."""
    return _write(_draw(model, "dot"), out_file)


def export_svg(model, out_file=None):
    """The tree of model as an SVG picture, drawn by odtx draw with no
    Graphviz needed. Written to out_file (a path or a file object) if given,
    else returned as a string."""
    return _write(_draw(model, "svg"), out_file)


def _draw(model, format):
    """The tree of model drawn by odtx draw --format format, from its JSON
    with every name, value and class shown as export_text shows it."""
    check_is_fitted(model)
    tree = model.tree_

    def node(n):
        if "class" in n:
            return {**n, "class": _shown(n["class"])}
        value = n["value"] if n["op"] == "<=" else _shown(n["value"])
        return {**n, "column": str(n["column"]), "value": value, "true": node(n["true"]), "false": node(n["false"])}

    drawable = {**tree, "label": str(tree["label"]), "classes": [_shown(c) for c in tree["classes"]], "root": node(tree["root"])}
    _, out, _ = run(["draw", "--format", format, "-"], json.dumps(drawable).encode("utf-8"))
    return out.decode("utf-8")


def _write(text, out_file):
    if out_file is None:
        return text
    if hasattr(out_file, "write"):
        out_file.write(text)
    else:
        with open(out_file, "w", encoding="utf-8") as f:
            f.write(text)
    return None
