"""Provably optimal decision trees for scikit-learn, learned by odtx.

The package runs the odtx binary, which a platform wheel carries inside it
(else $ODTX_BIN, or odtx on PATH), on the training data, and predicts in
Python from the tree it returns:

    >>> from odtx import OptimalTreeClassifier, export_text
    >>> model = OptimalTreeClassifier().fit(X, y)
    >>> model.predict(X), model.depth_, model.optimal_
    >>> print(export_text(model))
"""

from ._binary import OdtxError, binary
from ._estimator import OptimalTreeClassifier
from ._regressor import OptimalTreeRegressor
from ._export import export_graphviz, export_svg, export_text

__all__ = ["OptimalTreeClassifier", "OptimalTreeRegressor", "OdtxError", "binary", "export_graphviz", "export_svg", "export_text"]
__version__ = "0.1.0"
