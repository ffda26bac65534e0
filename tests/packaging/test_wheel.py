"""A real, non-editable install from a wheel carries the assets and finds them.

Marked ``packaging``: it builds a wheel (pip, with the build backend from
pyproject.toml) and installs it into a new virtual environment.
"""

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]


def _source_copy(dest: Path) -> Path:
    """What a wheel is built from, copied: setuptools leaves build/lib behind in the tree
    it builds, and a stale file there would end up in later wheels."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    dest.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    for folder in ("canasta", "assets"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=ignore)
    return dest


def test_wheel_carries_the_assets_and_installs(tmp_path):
    wheels = tmp_path / "wheels"
    source = _source_copy(tmp_path / "src")
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(source)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    (wheel,) = wheels.glob("canasta-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for asset in (ROOT / "assets").rglob("*"):
        if asset.is_file():
            assert f"canasta/{asset.relative_to(ROOT).as_posix()}" in names
    for init in (ROOT / "canasta").rglob("__init__.py"):
        assert init.relative_to(ROOT).as_posix() in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "[gui_scripts]" in zipfile.ZipFile(wheel).read(entry_points).decode()

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    # --no-deps: canasta.resources needs only the standard library, so no download is needed
    out = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    code = ("from canasta.resources import asset_path\n"
            "p = asset_path('icons/canasta-64.png')\n"
            "print(p.exists(), 'site-packages' in p.parts)\n")
    out = subprocess.run([str(python), "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True"]
