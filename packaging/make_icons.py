"""Draw the application icon with the game's own code and write it in every format wanted.

    python packaging/make_icons.py [--out DIR] [--check]

From :func:`canasta.ui.icon.draw_icon` it writes, into ``assets/icons/`` by default:

* ``canasta-N.png`` for every size in ``ICON_SIZES`` (16 to 512): Linux (the freedesktop
  hicolor theme takes one PNG per size), the window's own icon, and the sources of
  the two containers below;
* ``canasta.ico``: Windows. An ICO file is a 6-byte header, one 16-byte entry per
  image, then the images; since Windows Vista an image may be a whole PNG file, which
  is what is stored here (16 to 256 px; 256 is the largest an ICO entry can say);
* ``canasta.icns``: macOS. An ICNS file is the tag ``icns`` and the file's length, then
  one element per image: a four-letter type naming size and pixel density, its length,
  and (for the types used here) a PNG file.

``--check`` writes nothing: it draws again and compares with the files on disk, and
exits 1 when they are missing or show something else (the drawing changed and the
icons were not made again).
"""

from __future__ import annotations

import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).resolve().parent))
from generated_files import run_cli, write_files  # noqa: E402

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout: import this checkout's canasta
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ICO_SIZES = (16, 32, 48, 64, 128, 256)
# ICNS element types that hold a PNG, with the pixel size of that PNG.
# icp4/icp5/icp6 are the 1x 16/32/64 types; ic07-ic10 are 128, 256, 512 and 512@2x;
# ic11-ic14 are the @2x (Retina) versions of 16, 32, 128 and 256.
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64),
    (b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)
DEFAULT_OUT = ROOT / "assets" / "icons"


def png_name(size: int) -> str:
    return f"canasta-{size}.png"


def render_png(size: int) -> bytes:
    """The icon drawn at ``size`` px, encoded as a PNG file."""
    import pygame

    from canasta.ui.icon import draw_icon

    buf = io.BytesIO()
    pygame.image.save(draw_icon(size), buf, "icon.png")
    return buf.getvalue()


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG file's IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def build_ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding the given PNG images (keys are their sizes, at most 256)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, image count
    offset = len(header) + 16 * len(sizes)
    entries, images = [], []
    for size in sizes:
        data = pngs[size]
        w, h = png_size(data)
        if not (w == h == size) or size > 256:
            raise ValueError(f"an ICO image must be square and at most 256 px, not {w}x{h}")
        # width and height are one byte each, where 0 stands for 256; no palette;
        # 1 colour plane; 32 bits per pixel; size of the image data; where it starts.
        entries.append(struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset))
        images.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(images)


def read_ico(data: bytes) -> dict[int, bytes]:
    """The PNG images of an ICO file, by size (the inverse of :func:`build_ico`)."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1:
        raise ValueError("not an ICO file")
    out = {}
    for i in range(count):
        w, _h, _c, _r, _planes, _bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        out[w or 256] = data[offset:offset + length]
    return out


def build_icns(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file with one PNG element per type in ``ICNS_TYPES`` (``pngs`` by size)."""
    body = []
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        if png_size(data) != (size, size):
            raise ValueError(f"the {kind.decode()} element needs a {size} px image")
        body.append(kind + struct.pack(">I", 8 + len(data)) + data)
    payload = b"".join(body)
    return b"icns" + struct.pack(">I", 8 + len(payload)) + payload


def read_icns(data: bytes) -> dict[bytes, bytes]:
    """The elements of an ICNS file, by type (the inverse of :func:`build_icns`)."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an ICNS file")
    out, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        if length < 8 or pos + length > len(data):
            raise ValueError("a damaged ICNS element")
        out[kind] = data[pos + 8:pos + length]
        pos += length
    return out


def make_all() -> dict[str, bytes]:
    """Every icon file, by file name."""
    from canasta.ui.icon import ICON_SIZES

    sizes = sorted(set(ICON_SIZES) | set(ICO_SIZES) | {s for _k, s in ICNS_TYPES})
    pngs = {size: render_png(size) for size in sizes}
    files = {png_name(size): pngs[size] for size in ICON_SIZES}
    files["canasta.ico"] = build_ico({size: pngs[size] for size in ICO_SIZES})
    files["canasta.icns"] = build_icns(pngs)
    return files


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    import pygame

    surf = pygame.image.load(io.BytesIO(png), "icon.png")
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def same_picture(a: bytes, b: bytes, tolerance: int = 2) -> bool:
    """Two PNG files show the same picture (every channel within ``tolerance``).

    Compared by pixels, not bytes: another libpng or zlib may encode the same picture
    differently, and another CPU may round a smooth-scaled pixel one level apart.
    """
    (size_a, pa), (size_b, pb) = _pixels(a), _pixels(b)
    return size_a == size_b and all(abs(x - y) <= tolerance for x, y in zip(pa, pb))


def check(out: Path) -> list[str]:
    """Problems with the icons in ``out`` (empty when they match the drawing)."""
    problems = []
    for name, data in make_all().items():
        path = out / name
        if not path.is_file():
            problems.append(f"{path} is missing")
            continue
        old = path.read_bytes()
        if name.endswith(".png"):
            if not same_picture(old, data):
                problems.append(f"{path} shows another picture than draw_icon draws now")
        elif name.endswith(".ico"):
            new_images, old_images = read_ico(data), read_ico(old)
            if sorted(new_images) != sorted(old_images) or not all(
                    same_picture(old_images[s], new_images[s]) for s in new_images):
                problems.append(f"{path} holds other images than draw_icon draws now")
        elif name.endswith(".icns"):
            new_el, old_el = read_icns(data), read_icns(old)
            if sorted(new_el) != sorted(old_el) or not all(
                    same_picture(old_el[k], new_el[k]) for k in new_el):
                problems.append(f"{path} holds other images than draw_icon draws now")
    return problems


def write(out: Path) -> list[Path]:
    return write_files(out, make_all())


def main(argv: list[str] | None = None) -> int:
    return run_cli("python packaging/make_icons.py", __doc__, DEFAULT_OUT, make_all, check,
                   "match the drawing", argv)


if __name__ == "__main__":
    sys.exit(main())
