"""The tree of a fitted OptimalTreeClassifier as text, Graphviz DOT and SVG."""

import json

from sklearn.utils.validation import check_is_fitted

from ._binary import run


def _counts(tree, leaf):
    """The training rows of each class at leaf, as odtx writes them ("a: 3,
    b: 1"), or "" where they were not counted."""
    counts = leaf.get("counts")
    if counts is None:
        return ""
    parts = [f"{c}: {k}" for c, k in zip(tree["classes"], counts) if k > 0]
    return ", ".join(parts) or "no rows"


def _test(node, holds=True):
    if holds:
        return f"{node['column']} {node['op']} {node['value']}"
    return f"{node['column']} {'>' if node['op'] == '<=' else '!='} {node['value']}"


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
            lines.append(f"{indent}class: {node['class']}" + (f" ({counts})" if counts else ""))
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
    check_is_fitted(model)
    tree = model.tree_
    lines = ["digraph tree {", '  node [fontname="Helvetica"];']
    ids = iter(range(1 << 62))

    def walk(node):
        n = next(ids)
        if "class" in node:
            label = f"{tree['label']} = {node['class']}"
            counts = _counts(tree, node)
            lines.append(f"  n{n} [shape=ellipse, label={_quote(label + (chr(10) + counts if counts else ''))}];")
            return n
        lines.append(f"  n{n} [shape=box, label={_quote(_test(node))}];")
        lines.append(f'  n{n} -> n{walk(node["true"])} [label="true"];')
        lines.append(f'  n{n} -> n{walk(node["false"])} [label="false"];')
        return n

    walk(tree["root"])
    return _write("\n".join(lines) + "\n}\n", out_file)


def export_svg(model, out_file=None):
    """The tree of model as an SVG picture, drawn by odtx draw with no
    Graphviz needed. Written to out_file (a path or a file object) if given,
    else returned as a string."""
    check_is_fitted(model)
    _, svg, _ = run(["draw", "-"], json.dumps(model.tree_).encode("utf-8"))
    return _write(svg.decode("utf-8"), out_file)


def _quote(s):
    """s as a DOT string: quoted, with quotes, backslashes and newlines
    escaped."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _write(text, out_file):
    if out_file is None:
        return text
    if hasattr(out_file, "write"):
        out_file.write(text)
    else:
        with open(out_file, "w", encoding="utf-8") as f:
            f.write(text)
    return None
