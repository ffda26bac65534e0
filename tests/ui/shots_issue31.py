"""Screenshots for issue 31 (Text size and Card size) and issue 32 (the pinned log),
from the real window on a virtual X screen, driven by xdotool.

    Xvfb :92 -screen 0 1920x1080x24 &
    DISPLAY=:92 python tests/ui/shots_issue31.py OUT_DIR 1280x800

Settings as they open, then both sizes raised to 200% with clicks on their steppers (the preview shows
them); then late deals of Classic and Hand and Foot at 200% with the move log pinned
(Shift+G) and closed; then the late Classic deal at 100% with the log pinned. Each
picture is the game's own window as ``xwd`` reads it.
"""

from __future__ import annotations

import os
import sys

from shots_issue16 import Window   # sets a fresh CANASTA_HOME before pygame starts
from shots_issue32 import key, table


def main(out: str, size: tuple[int, int]) -> None:
    from canasta.engine import Rules
    from test_layout_check import _late
    w = Window(size)
    app = w.app
    tag = f"{size[0]}x{size[1]}"

    # Settings: Text size and Card size to 200%, ten clicks each on the right arrow
    menu = app.scene
    w.click(menu.view.rect(menu.control("settings").rect).center)
    settings = app.scene
    w.move((640 * size[0] // 1280, 20))
    w.shot(os.path.join(out, f"settings-{tag}.png"))
    for name in ("text_size", "card_size"):
        for _ in range(10):
            r = settings.view.rect(settings.control(name).rect)
            w.click((r.right - 8, r.centery))
    assert (app.settings.text_size, app.settings.card_size) == (200, 200), app.settings
    w.move((640 * size[0] // 1280, 20))
    w.shot(os.path.join(out, f"settings-sizes-200-{tag}.png"))
    key(w, "Escape")

    for label, rules, seed in (("classic", Rules(), 40), ("hand-and-foot", Rules(variant="hand_and_foot"), 43)):
        actions, _ = _late(rules, seed)
        scene = table(w, rules, seed=seed, actions=actions)
        key(w, "shift+g")
        assert scene.ctl.log_mode == "pinned"
        w.move((2, 2))
        w.shot(os.path.join(out, f"{label}-late-200-log-pinned-{tag}.png"))
        key(w, "shift+g")
        assert scene.ctl.log_mode == "closed"
        w.shot(os.path.join(out, f"{label}-late-200-{tag}.png"))

    # the usual sizes again, with the log pinned: no band above or below the table
    app.settings.text_size = app.settings.card_size = 100
    app.apply_settings()
    actions, _ = _late(Rules(), 40)
    scene = table(w, Rules(), seed=40, actions=actions)
    key(w, "shift+g")
    assert scene.ctl.log_mode == "pinned"
    w.move((2, 2))
    w.shot(os.path.join(out, f"late-classic-4p-log-pinned-{tag}.png"))
    app.close()
    w.session.close()


if __name__ == "__main__":   # OUT_DIR [WIDTHxHEIGHT]
    os.makedirs(sys.argv[1], exist_ok=True)
    sys.path.insert(0, os.path.dirname(__file__))
    width, height = (int(n) for n in (sys.argv[2] if len(sys.argv) > 2 else "1280x800").split("x"))
    main(sys.argv[1], (width, height))
