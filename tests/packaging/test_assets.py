"""The committed icons match the game's drawing; the containers are well formed; the
desktop entry is complete; canasta.resources finds the assets in every layout."""

import configparser
import shutil
import subprocess
import struct
import sys
from pathlib import Path

import pytest

from canasta import resources

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "assets" / "icons"


def test_committed_icons_match_the_drawing(icon_script):
    problems = icon_script.check(ICONS)
    assert not problems, "\n".join(problems) + "\nrun: python packaging/make_icons.py"


def test_committed_sounds_match_the_recipes(sound_script):
    problems = sound_script.check(ROOT / "assets" / "sounds")
    assert not problems, "\n".join(problems) + "\nrun: python packaging/make_sounds.py"


def test_sounds_load_in_the_mixer(sound_script):
    import pygame

    from canasta.ui.sound import SOUND_NAMES

    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    try:
        for name in SOUND_NAMES:
            sound = pygame.mixer.Sound(resources.asset_path(f"sounds/{name}.wav"))
            assert sound.get_length() > 0.01, name
    finally:
        pygame.mixer.quit()


def test_ico_holds_png_images_up_to_256(icon_script):
    data = (ICONS / "canasta.ico").read_bytes()
    images = icon_script.read_ico(data)
    assert sorted(images) == [16, 32, 48, 64, 128, 256]
    for size, png in images.items():
        assert icon_script.png_size(png) == (size, size)
    # the header counts the entries, and each entry points inside the file
    assert struct.unpack_from("<HHH", data, 0) == (0, 1, 6)


def test_icns_holds_every_size_macos_asks_for(icon_script):
    data = (ICONS / "canasta.icns").read_bytes()
    elements = icon_script.read_icns(data)
    assert set(elements) == {kind for kind, _size in icon_script.ICNS_TYPES}
    for kind, size in icon_script.ICNS_TYPES:
        assert icon_script.png_size(elements[kind]) == (size, size), kind


def test_containers_round_trip(icon_script):
    pngs = {size: icon_script.render_png(size) for size in (16, 32)}
    assert icon_script.read_ico(icon_script.build_ico(pngs)) == pngs
    with pytest.raises(ValueError):
        icon_script.build_ico({512: icon_script.render_png(512)})


def test_desktop_entry():
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(ROOT / "packaging" / "canasta.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Canasta"
    assert entry["Exec"].split()[0] == "canasta"
    assert entry["Icon"] == "canasta"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";") and "CardGame" in entry["Categories"].split(";")
    validator = shutil.which("desktop-file-validate")  # Debian's desktop-file-utils, when installed
    if validator:
        out = subprocess.run([validator, str(ROOT / "packaging" / "canasta.desktop")], capture_output=True, text=True)
        assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


def test_asset_path_in_a_checkout():
    path = resources.asset_path("icons/canasta-64.png")
    assert path.is_file() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("name", ["", "/etc/passwd", "../pyproject.toml", "icons/../../x", "C:/x", "icons\\x.png"])
def test_asset_path_refuses_names_outside_assets(name):
    with pytest.raises(ValueError):
        resources.asset_path(name)


def test_asset_path_says_where_it_looked():
    with pytest.raises(FileNotFoundError, match="no-such-file.png"):
        resources.asset_path("icons/no-such-file.png")


def test_asset_path_in_a_frozen_build(tmp_path, monkeypatch):
    bundled = tmp_path / "canasta" / "assets" / "icons" / "canasta-64.png"
    bundled.parent.mkdir(parents=True)
    bundled.write_bytes(b"frozen")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.is_frozen()
    assert resources.asset_path("icons/canasta-64.png") == bundled
