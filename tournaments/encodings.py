"""Which encoding an uploaded player list is in: a first guess, shown before storing.

Spreadsheets save CSV in the computer's own code page, and a short list cannot say
which: "Łukasz" in Windows-1250 is the same bytes as "£ukasz" in Windows-1252, and
charset-normalizer, asked about five English names and "Łukasz Nowak", picks
Windows-1252. So UTF-8 is taken whenever the bytes read as UTF-8 (other encodings
almost never do by chance); otherwise charset-normalizer lists the encodings that
read the file cleanly, and the reader's languages (the page's first, then the
browser's) break a tie: a Polish page reads an ambiguous file as Windows-1250. The
organiser sees the names before anything is stored and can pick another encoding.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable

from charset_normalizer import from_bytes
from django.utils.translation import gettext_lazy as _

# The encodings offered: what spreadsheets and text editors save lists in.
# Keys are Python's own codec names (codecs.lookup(...).name).
ENCODINGS: dict[str, object] = {
    "utf-8": _("UTF-8 (Unicode)"),
    "utf-16": _("UTF-16 (a spreadsheet's “Unicode text”)"),
    "cp1252": _("Windows-1252 (Western European)"),
    "cp1250": _("Windows-1250 (Central European: Polish, Czech…)"),
    "iso8859-2": _("ISO-8859-2 (Central European)"),
    "iso8859-15": _("ISO-8859-15 (Western European)"),
    "mac-roman": _("Mac OS Roman (older Mac spreadsheets)"),
    "cp1251": _("Windows-1251 (Cyrillic)"),
    "gb18030": _("GB18030 (Chinese, simplified)"),
    "big5": _("Big5 (Chinese, traditional)"),
    "shift_jis": _("Shift JIS (Japanese)"),
    "cp949": _("Windows-949 / EUC-KR (Korean)"),
}

# A language's usual Windows code page; a region can differ from its language's.
_LANGUAGE_ENCODING = {
    **dict.fromkeys(("pl", "cs", "sk", "hu", "hr", "sl", "ro", "bs", "sq"), "cp1250"),
    **dict.fromkeys(
        ("en", "it", "pt", "es", "fr", "de", "nl", "da", "sv", "no", "nb", "fi"), "cp1252"
    ),
    **dict.fromkeys(("ru", "uk", "bg", "be", "sr", "mk"), "cp1251"),
    "zh": "gb18030",
    "zh-tw": "big5",
    "zh-hk": "big5",
    "zh-hant": "big5",
    "ja": "shift_jis",
    "ko": "cp949",
}

# charset-normalizer's "chaos" (how messy a decoding reads, 0 = clean) differs by a few
# hundredths between two right-looking decodings of a short list (a 5-name GB18030
# file: Korean 0.05, Chinese 0.075), and by 0.1 or more when one of them is really
# wrong (ISO-8859-2 Polish read as Windows-1250: 0.101). Within this, it is a tie.
_TIE = 0.05


def codec_name(encoding: str) -> str | None:
    """Python's name for `encoding` if it is one we offer, else None."""
    try:
        name = codecs.lookup(encoding).name
    except (LookupError, TypeError, ValueError):
        return None
    return name if name in ENCODINGS else None


def label(encoding: str) -> object:
    return ENCODINGS.get(encoding, encoding)


def preferred_encodings(languages: Iterable[str]) -> list[str]:
    """The encodings the reader's languages suggest, in the languages' order."""
    preferred: list[str] = []
    for language in languages:
        tag = language.lower().replace("_", "-")
        encoding = _LANGUAGE_ENCODING.get(tag) or _LANGUAGE_ENCODING.get(tag.split("-")[0])
        if encoding and encoding not in preferred:
            preferred.append(encoding)
    return preferred


def reads_as(data: bytes, encoding: str) -> bool:
    try:
        data.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def guess_encoding(data: bytes, languages: Iterable[str]) -> str | None:
    """The encoding to show `data` in first, or None when nothing we offer reads it."""
    if reads_as(data, "utf-8"):
        return "utf-8"
    preferred = preferred_encodings(languages)
    offered = [name for name in ENCODINGS if name != "utf-8"]
    clean = [
        (name, match.chaos)
        for match in from_bytes(data, cp_isolation=offered)
        if (name := codec_name(match.encoding))
    ]
    if not clean:
        return next((name for name in preferred if reads_as(data, name)), None)
    best = clean[0][1]
    for wanted in preferred:
        if any(name == wanted and chaos <= best + _TIE for name, chaos in clean):
            return wanted
    return clean[0][0]
