import pkgutil
import subprocess
import sys

import canasta.engine


def test_engine_never_imports_pygame():
    modules = ["canasta.engine"] + [f"canasta.engine.{m.name}" for m in pkgutil.iter_modules(canasta.engine.__path__)]
    assert len(modules) >= 8
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "import canasta.conformance, canasta.soak, canasta.store\n"
        "import canasta.server, canasta.net.server, canasta.net.client, canasta.net.bench, canasta.net.link\n"
        "import canasta.net.lan\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_card_ids_are_unique_and_complete():
    from canasta.engine.cards import CODE_OF, ids_of_code, pack_ids

    ids = pack_ids(2)
    assert len(ids) == 108
    assert len(ids_of_code("KH", 2)) == 2
    assert len(ids_of_code("JK", 2)) == 4
    assert len(ids_of_code("JK", 3)) == 6
    assert sum(1 for i in ids if CODE_OF[i][0] == "3" and CODE_OF[i][1] in "DH") == 4
