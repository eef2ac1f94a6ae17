"""The folder of a package's data files, without importing ``importlib.resources``.

A ruleset reads its tables beside its module on every load (``Ruleset.vocabulary``), so
``tuicamp show`` and every first frame read them. ``importlib.resources`` answers, for a
package on the disk, the folder of its ``__init__`` file as a ``pathlib.Path``; importing
it to learn that (its readers, ``zipfile``, ``tempfile``) was a good part of the milliseconds
a short command spends in the ruleset. So a package loaded from a file is answered here,
with the very path ``importlib.resources.files`` gives for it, and anything else (a zip,
another loader, a module that is no package) is still asked of ``importlib.resources``.
"""

from __future__ import annotations

import sys
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def package_files(package: str) -> Traversable:
    """What ``importlib.resources.files(package)`` answers: for an imported package read
    from its own files, the folder they are in; otherwise importlib.resources' answer
    (which imports the package, or raises as it always did)."""
    module = sys.modules.get(package)
    spec = getattr(module, "__spec__", None)
    if (
        spec is not None
        and spec.submodule_search_locations is not None  # a package, not a module
        and isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader)
        and spec.origin is not None
    ):
        return Path(spec.origin).parent
    from importlib import resources

    return resources.files(package)
