"""The player's language: message keys with arguments, rendered at the last moment.

Everything a player reads is an English *message key* (the gettext ``msgid``) with
named arguments. Whoever writes a sentence (the engine's refusals, the move log, the
coach, the window) builds it with :func:`t` or :func:`tn`; whoever shows it (the
window) renders it with :func:`tr` in the language chosen at that moment. So a record,
a save or a network message, which keep only the moves, re-narrates in any language,
and switching the language changes the open screens at the next frame.

* ``t("First meld needs {minimum} points", minimum=90)`` is a :class:`Text`: a ``str``
  whose value is the English sentence (so code and tests that compare English keep
  working) and which remembers its key and arguments.
* ``tn("{count} card", "{count} cards", n, count=n)`` picks the plural form by ``n``
  (``ngettext``), in English now and in the player's language when rendered.
* ``N_("Deal")`` marks a constant for extraction and returns it unchanged; it is
  translated where it is shown (``tr(LABEL)``).
* ``tc("rank", "two")`` is a message with a *context* (gettext's ``pgettext``): the
  same English word in two roles (the rank "two", German "Zwei", and the number
  "two", German "zwei") is two messages of the catalog. Its English is unchanged;
  a :class:`Text` made of it (``t(word)``, ``Text(word)``) keeps the context.
* ``tr(value)`` renders a :class:`Text` (its arguments first, recursively, so a rank's
  name or a game's name inside a sentence is the language's own), looks a plain ``str``
  up in the catalog (a name or a number that is not a key comes back as it is), and
  leaves anything else to ``str``.

Numbers in arguments are written the language's way (5.000 in Spanish) by
:func:`number`, with Babel's locale data. The catalogs are gettext ``.po`` files under
``canasta/i18n/locale/<code>/LC_MESSAGES/canasta.po``, managed with Babel and compiled
to the ``.mo`` files read here (:mod:`canasta.i18n.catalogs` says how). The code
``pseudo`` is a made-up language for testing: English, lengthened by 40% with accented
letters and bracketed, so text that bypasses the catalog (no brackets) or would
overflow (too long) shows up before translators find it.

Standard library only at import (gettext); Babel is imported when a number or list is
formatted. The engine imports this module, so nothing here imports pygame.
"""

from __future__ import annotations

import gettext as _gettext
import locale as _locale
import os
import re
from pathlib import Path
from typing import Any, Optional

DOMAIN = "canasta"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: English first, then each language named in itself (the Settings list adds
#: "System default" before them)
LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("es", "Español"),
    ("pt_BR", "Português (Brasil)"),
    ("it", "Italiano"),
    ("de", "Deutsch"),
    ("fr", "Français"),
)
CODES = tuple(code for code, _name in LANGUAGES)
PSEUDO = "pseudo"
#: the setting's value meaning "the computer's own language"
SYSTEM = ""

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:![rsa])?(?::[^{}]*)?\}")


def placeholders(message: str) -> set[str]:
    """The names of the ``{placeholders}`` in a message (the catalogs' translations
    must keep the same set)."""
    return set(_PLACEHOLDER.findall(message))


# -- the language in use ---------------------------------------------------------------

class _State:
    code: str = "en"
    translations: _gettext.NullTranslations = _gettext.NullTranslations()


_state = _State()


def system_language(environ: Optional[dict] = None) -> str:
    """The supported language closest to the computer's own (English when none is)."""
    env = os.environ if environ is None else environ
    candidates = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            candidates.extend(value.split(":"))
    if environ is None:
        try:
            found = _locale.getlocale()[0]
        except (ValueError, TypeError):
            found = None
        if found:
            candidates.append(found)
    for raw in candidates:
        code = match_language(raw)
        if code:
            return code
    return "en"


def match_language(raw: str) -> Optional[str]:
    """The supported language code a locale name stands for ("es_UY.UTF-8" -> "es",
    "pt-BR" -> "pt_BR", "pt_PT" -> "pt_BR", "C" -> None)."""
    if not raw:
        return None
    name = raw.split(".")[0].split("@")[0].replace("-", "_")
    if name == PSEUDO:
        return PSEUDO
    if name in CODES:
        return name
    base = name.split("_")[0].lower()
    for code in CODES:
        if code.split("_")[0] == base:
            return code
    return None


def resolve(setting: Optional[str]) -> str:
    """The language a setting means: ``""`` (System default) or an unknown code is the
    computer's own language."""
    if setting == PSEUDO or (setting and setting in CODES):
        return setting
    return system_language()


def _load(code: str) -> _gettext.NullTranslations:
    if code in ("en", PSEUDO):
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])
    except (OSError, ValueError):
        # a catalog that is missing or damaged: English, never a crash
        return _gettext.NullTranslations()


def set_language(setting: Optional[str]) -> str:
    """Use a language from now on (``""``: the computer's own); returns the code used."""
    code = resolve(setting)
    _state.code = code
    _state.translations = _load(code)
    return code


def current() -> str:
    """The code of the language in use ("en", "es", ..., or "pseudo")."""
    return _state.code


def language_name(code: str) -> str:
    """A language named in itself ("Deutsch"); the pseudo-language is named in English."""
    for c, name in LANGUAGES:
        if c == code:
            return name
    return "Pseudo (test)" if code == PSEUDO else code


# -- building messages -----------------------------------------------------------------

def N_(message: str) -> str:
    """Mark a constant for the catalogs; translated where it is shown, with :func:`tr`."""
    return message


class Text(str):
    """A sentence of the game: its English text, its message key and its arguments.

    It *is* the English ``str`` (equal to it, printable, searchable); :func:`tr` renders
    it in the language in use. A plural message keeps both English forms and the count
    that chooses between them.
    """

    __slots__ = ("key", "plural", "n", "args", "context")

    def __new__(cls, key: str, plural: Optional[str] = None, n: Optional[int] = None, /, **args: Any):
        chosen = key if plural is None or n == 1 else plural
        self = super().__new__(cls, _format(chosen, args))
        self.key = key
        self.plural = plural
        self.n = n
        self.args = args
        # a message made of a word with a context (tc) keeps that context
        self.context = getattr(key, "context", None) if isinstance(key, Text) else None
        return self

    def __reduce__(self):
        # pickles (and copies) as the English text with its key, so nothing breaks
        return (_rebuild, (self.key, self.plural, self.n, self.args, getattr(self, "context", None)))

    def render(self) -> str:
        """This sentence in the language in use."""
        return tr(self)


def _rebuild(key, plural, n, args, context=None):
    text = Text(key, plural, n, **args)
    text.context = context
    return text


def from_parts(key: str, plural: Optional[str], n: Optional[int], args: dict, context: Optional[str] = None) -> Text:
    """A message made again from its parts (a network message carries them)."""
    return _rebuild(key, plural, n, args, context)


def t(message: str, **args: Any) -> Text:
    """A sentence with named arguments (``{name}`` in the message)."""
    return Text(message, **args)


def tc(context: str, message: str, **args: Any) -> Text:
    """A message with a context (``pgettext``): the same English in another role is
    another message of the catalog (``tc("rank", "two")`` is the card's rank, apart
    from the number "two"). Its English is the message's, unchanged."""
    text = Text(message, **args)
    text.context = context
    return text


def tn(singular: str, plural: str, n: int, **args: Any) -> Text:
    """A sentence whose form follows the number ``n`` (``ngettext``); ``n`` is also
    given to the message as ``{count}`` unless ``count`` is among the arguments."""
    args.setdefault("count", n)
    return Text(singular, plural, n, **args)


# -- rendering -------------------------------------------------------------------------

def _arg(value: Any, english: bool) -> Any:
    if english and callable(getattr(value, "english", None)):
        return value.english()      # words that know their English (canasta.ai.phrases)
    if isinstance(value, Text):
        return str.__str__(value) if english else tr(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and not english:
        return number(value)
    if isinstance(value, (list, tuple)) and not english:
        return [_arg(v, english) for v in value]
    return value


def _format(message: str, args: dict) -> str:
    """The English sentence (its numbers as Python writes them, as before)."""
    if not args:
        return message
    try:
        return message.format(**{k: _arg(v, True) for k, v in args.items()})
    except (KeyError, IndexError, ValueError, AttributeError):
        return message


def gettext(message: str) -> str:
    """The translation of a message key in the language in use."""
    if _state.code == PSEUDO:
        return pseudo(message)
    return _state.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The translation of a plural message, the form chosen by ``n``."""
    if _state.code == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return _state.translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The translation of a message in a context (:func:`tc`)."""
    if _state.code == PSEUDO:
        return pseudo(message)
    return _state.translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The translation of a plural message in a context."""
    if _state.code == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return _state.translations.npgettext(context, singular, plural, n)


def tr(value: Any) -> str:
    """Anything a player reads, in the language in use (module docs)."""
    if isinstance(value, Text):
        context = getattr(value, "context", None)     # a subclass may not have set it
        n = value.n if value.n is not None else 2
        if value.plural is None:
            message = gettext(value.key) if context is None else pgettext(context, value.key)
        elif context is None:
            message = ngettext(value.key, value.plural, n)
        else:
            message = npgettext(context, value.key, value.plural, n)
        if not value.args:
            return message
        try:
            return message.format(**{k: _arg(v, False) for k, v in value.args.items()})
        except (KeyError, IndexError, ValueError, AttributeError):
            return str.__str__(value)
    if isinstance(value, str):
        if not value:
            return value
        return gettext(value)
    return str(value)


_ = gettext


# -- numbers and lists ---------------------------------------------------------------------

class Listed:
    """Words after one another in a sentence (``between`` joins them: ", " by default),
    each rendered in the language in use when the sentence is: give it as an argument
    of :func:`t` ("Scores: {sides}.", sides=Listed(parts))."""

    def __init__(self, items, between: str = ", "):
        self.items = list(items)
        self.between = between

    def joiner(self) -> str:
        return self.between

    def __format__(self, spec: str) -> str:
        return self.joiner().join(tr(i) for i in self.items)

    def __str__(self) -> str:
        return format(self, "")


def babel_locale(code: Optional[str] = None) -> str:
    code = code or _state.code
    return "en" if code == PSEUDO else code


def number(value: int | float, code: Optional[str] = None) -> str:
    """A number written the language's way: 5,000 in English, 5.000 in Spanish and
    German, 5 000 in French."""
    where = babel_locale(code)
    if where == "en" or (isinstance(value, int) and -1000 < value < 1000):
        return str(value)      # English as the game always wrote it; nothing to group
    if isinstance(value, int):
        value = int(value)     # a figure that writes its English itself ("5,000"): the number it is
    try:
        from babel.numbers import format_decimal
        return format_decimal(value, locale=where)
    except Exception:       # Babel missing or its data damaged: plain digits
        return f"{value:,}" if isinstance(value, int) else str(value)


def join_words(items: list[str], code: Optional[str] = None) -> str:
    """A list the language's way: "a king, a queen and a joker" ("y", "e", "und", "et")."""
    items = [tr(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    try:
        from babel.lists import format_list
        return format_list(items, locale=babel_locale(code))
    except Exception:
        return ", ".join(items[:-1]) + " and " + items[-1]


# -- the pseudo-language -------------------------------------------------------------------

_ACCENTS = str.maketrans("aceinousyACEINOUSYz", "áçéíñöüšýÀÇÉÎÑÖÜŠÝž")


def pseudo(message: str) -> str:
    """English made 40% longer, accented and bracketed, with the placeholders kept."""
    parts = re.split(r"(\{[^{}]*\})", message)
    out = []
    letters = 0
    for part in parts:
        if part.startswith("{") and part.endswith("}"):
            out.append(part)
        else:
            out.append(part.translate(_ACCENTS))
            letters += len(part)
    extra = max(1, round(len(message) * 0.4)) if letters else 0
    pad = ("·ßœ" * (extra // 3 + 1))[:extra]
    return "[" + "".join(out) + pad + "]"
