"""Shared set-up for the packaging tests: the scripts in packaging/, and the one-file build.

The scripts in ``packaging/`` are not a package; they are loaded from their files. The
one-file executable is built once per session into the checkout's ``build/`` (or taken
from there when it is already built from the same sources, see ``packaging/build.py``).
"""

import importlib.util
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str):
    """Import ``packaging/<name>.py`` as a module."""
    path = ROOT / "packaging" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"canasta_packaging_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_script():
    return load_script("build")


@pytest.fixture(scope="session")
def icon_script():
    return load_script("make_icons")


@pytest.fixture(scope="session")
def sound_script():
    return load_script("make_sounds")


def need_pyinstaller() -> None:
    """Skip when PyInstaller is missing, except in CI (``CI`` set), where that is a failure."""
    if importlib.util.find_spec("PyInstaller") is not None:
        return
    message = 'PyInstaller is not installed (pip install -e ".[build]")'
    if os.environ.get("CI"):
        pytest.fail(message + "; CI must run the executable tests", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def onefile_exe(build_script) -> Path:
    """The one-file executable, built from this checkout (or reused when up to date)."""
    need_pyinstaller()
    try:
        built = build_script.build(("onefile",), quiet=True)
    except RuntimeError as e:
        pytest.fail(f"the one-file build failed:\n{e}", pytrace=False)
    return built["onefile"]
