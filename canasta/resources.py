"""Where the files in ``assets/`` are, however Canasta was installed.

``asset_path("icons/canasta-64.png")`` returns a :class:`pathlib.Path` to the file in
whichever of these places holds it, checked in this order:

* a frozen build (PyInstaller, one file or one folder): ``sys._MEIPASS/canasta/assets``,
  where ``packaging/canasta.spec`` puts the folder;
* an installed wheel: ``canasta/assets`` inside the installed package (pyproject.toml
  maps the package ``canasta.assets`` to the repository's ``assets/`` folder);
* a source checkout or an editable install: ``assets/`` beside the ``canasta`` package.

Nothing is imported but the standard library, and nothing is opened: the caller loads
the file (``pygame.image.load(asset_path(...))``) and decides what to do when
:func:`asset_path` raises :class:`FileNotFoundError`.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

__all__ = ["asset_dirs", "asset_path", "is_frozen"]

_PACKAGE = Path(__file__).resolve().parent


def is_frozen() -> bool:
    """True inside an executable built by PyInstaller."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def asset_dirs() -> list[Path]:
    """The folders that may hold the assets, most specific first (not all exist)."""
    dirs = []
    if is_frozen():
        dirs.append(Path(sys._MEIPASS) / "canasta" / "assets")  # type: ignore[attr-defined]
    dirs.append(_PACKAGE / "assets")            # wheel: canasta/assets/ in site-packages
    dirs.append(_PACKAGE.parent / "assets")     # source tree and editable install
    return dirs


def asset_path(name: str) -> Path:
    """The path of the asset ``name`` (a relative path with ``/``, e.g. ``icons/canasta-64.png``).

    Raises :class:`FileNotFoundError`, naming every place looked in, if no folder holds it,
    and :class:`ValueError` for a name that is absolute or climbs out with ``..``.
    """
    posix = PurePosixPath(name)
    if posix.is_absolute() or "\\" in name or ":" in name or ".." in posix.parts or not posix.parts:
        raise ValueError(f"an asset name is a relative path inside assets/, not {name!r}")
    rel = Path(*posix.parts)
    looked = []
    for folder in asset_dirs():
        candidate = folder / rel
        if candidate.is_file():
            return candidate
        looked.append(str(folder))
    raise FileNotFoundError(f"the asset {name!r} is in none of: {', '.join(looked)}")
