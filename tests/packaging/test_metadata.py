"""pyproject.toml says what the issue asks, and its package list keeps up with canasta/."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_project_metadata():
    project = _pyproject()["project"]
    assert project["name"] == "canasta"
    assert project["version"]
    assert project["description"]
    assert project["license"]
    assert project["requires-python"] == ">=3.11"
    deps = " ".join(project["dependencies"])
    assert "pygame-ce" in deps and "platformdirs" in deps
    extras = project["optional-dependencies"]
    assert any(d.startswith("pytest") for d in extras["test"])
    assert any(d.startswith("hypothesis") for d in extras["test"])
    assert any(d.startswith("pyinstaller") for d in extras["build"])
    assert project["gui-scripts"]["canasta"] == "canasta.__main__:main"
    assert (ROOT / "canasta" / "__main__.py").is_file()


def test_every_subpackage_is_listed():
    """The packages are listed by name (assets/ is mapped in as canasta.assets), so a new
    subpackage of canasta/ must be added to [tool.setuptools] packages, or wheels lack it."""
    setuptools = _pyproject()["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "canasta").rglob("__init__.py")
             if "__pycache__" not in p.parts}
    missing = found - listed
    assert not missing, f"add {sorted(missing)} to [tool.setuptools] packages in pyproject.toml"
    assert setuptools["package-dir"]["canasta.assets"] == "assets"
    assert "canasta.assets" in listed


def test_packaging_marker_is_declared():
    markers = _pyproject()["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("packaging:") for m in markers)
