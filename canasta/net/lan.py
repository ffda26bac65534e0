"""Tables on the home network: this computer's addresses, and multicast DNS (zeroconf).

A hosted table is announced as a ``_canasta._tcp`` service (:class:`Announcer`) with
its code, game and host's name; *Join a table* lists what :class:`Browser` hears.
Multicast does not cross every network (guest Wi-Fi, some routers, a machine without
the ``zeroconf`` package): then nothing is listed and :meth:`Browser.problem` says so
in one sentence, and the player types the address and code instead. Nothing here may
stop a game: every failure becomes that sentence. Never imports pygame.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from typing import Optional

from ..i18n import N_, Text, t

SERVICE = "_canasta._tcp.local."


@dataclass(frozen=True)
class LanTable:
    """A table heard on the network."""

    host: str
    game: str
    code: str
    address: str
    port: int


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not the loopback), best first.
    May take a moment (a name lookup): call it off the window's thread."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))          # no packet is sent: it picks the outgoing address
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out = []
    for a in found:
        if not a.startswith("127.") and a != "0.0.0.0" and a not in out:
            out.append(a)
    return out


def table_from(name: str, addresses: list[str], port: int, props: dict) -> Optional[LanTable]:
    """A heard service as a table, or None when it is not one (any field missing or odd)."""
    def text(key: str) -> str:
        v = props.get(key.encode()) if isinstance(next(iter(props), b""), bytes) else props.get(key)
        if isinstance(v, bytes):
            v = v.decode("utf-8", "replace")
        return str(v or "")[:40]
    code = text("code").upper()
    if len(code) != 6 or not code.isalnum() or not addresses or not 0 < int(port or 0) < 65536:
        return None
    return LanTable(text("host") or name.split(".")[0], text("game") or "Canasta", code, addresses[0], int(port))


class Browser:
    """Listens for tables on the network, on zeroconf's own threads (see the module docs)."""

    def __init__(self) -> None:
        self._tables: dict[str, LanTable] = {}
        self._problem = ""
        self._lock = threading.Lock()
        self._zc = None
        self._browser = None
        threading.Thread(target=self._start, name="canasta-lan", daemon=True).start()

    def _start(self) -> None:
        try:
            from zeroconf import ServiceBrowser, Zeroconf
            self._zc = Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except ImportError:
            self._problem = Text(N_("Tables on this network cannot be listed (the zeroconf package is missing): type the address and code."))
        except Exception as e:   # no multicast, no network: say it, never stop the game
            self._problem = t("Tables on this network cannot be listed here ({reason}): type the address and code.",
                              reason=type(e).__name__)

    def _changed(self, zeroconf, service_type, name, state_change) -> None:
        try:
            from zeroconf import ServiceStateChange
            if state_change is ServiceStateChange.Removed:
                with self._lock:
                    self._tables.pop(name, None)
                return
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
            if info is None:
                return
            table = table_from(name, info.parsed_addresses(), info.port, info.properties or {})
            if table is not None:
                with self._lock:
                    self._tables[name] = table
        except Exception:
            pass

    def tables(self) -> list[LanTable]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.host, t.code))

    def problem(self) -> str:
        return self._problem

    def close(self) -> None:
        zc = self._zc
        if zc is not None:
            threading.Thread(target=zc.close, daemon=True).start()


class Announcer:
    """Announces a hosted table on the network until closed (failures are silent: the
    lobby shows the address to type in any case)."""

    def __init__(self, host: str, game: str, code: str, port: int, addresses: list[str]):
        self._zc = None
        self._info = None
        threading.Thread(target=self._start, args=(host, game, code, port, addresses), name="canasta-announce",
                         daemon=True).start()

    def _start(self, host: str, game: str, code: str, port: int, addresses: list[str]) -> None:
        try:
            from zeroconf import ServiceInfo, Zeroconf
            info = ServiceInfo(SERVICE, f"{host} {code}.{SERVICE}",
                               addresses=[socket.inet_aton(a) for a in addresses], port=port,
                               properties={"code": code, "game": game, "host": host})
            zc = Zeroconf()
            zc.register_service(info, allow_name_change=True)
            self._zc, self._info = zc, info
        except Exception:
            self._zc = None

    def close(self) -> None:
        zc, info = self._zc, self._info
        if zc is not None:
            def stop():
                try:
                    zc.unregister_service(info)
                finally:
                    zc.close()
            threading.Thread(target=stop, daemon=True).start()
