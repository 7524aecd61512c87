"""The catalogues follow locale/GLOSSARY.md: no word the glossary rules out for a
language (a machine translation of a card term, a European Portuguese word in the
Brazilian catalogue, a term that reads as something else) appears in what that
language's readers see."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
GLOSSARY = LOCALE / "GLOSSARY.md"
# A language's section: "## <name>: `<code>` (`locale/<folder>`)".
SECTION = re.compile(r"^## .*\(`locale/(?P<folder>[A-Za-z_]+)`\)", re.M)
NEVER = re.compile(r"^- Never: (?P<words>.+)$", re.M)


def _sections() -> dict[str, str]:
    text = GLOSSARY.read_text(encoding="utf-8")
    starts = list(SECTION.finditer(text))
    return {
        m.group("folder"): text[m.end() : (starts[i + 1].start() if i + 1 < len(starts) else None)]
        for i, m in enumerate(starts)
    }


def _ruled_out(section: str) -> list[str]:
    words: list[str] = []
    for line in NEVER.finditer(section):
        words += [w.strip(" *“”\"'.") for w in line.group("words").split(",")]
    return [w for w in words if w]


def _finder(words: list[str]) -> re.Pattern[str]:
    """Whole words or phrases, any case: "Carregue em" is ruled out, "recarregue" is not."""
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in words) + r")(?!\w)", re.I)


def _translations(folder: str) -> list[tuple[str, str]]:
    """(msgid, translation) for every message the compiled catalogues hold."""
    found = []
    for domain in ("django", "djangojs"):
        path = LOCALE / folder / "LC_MESSAGES" / f"{domain}.mo"
        with path.open("rb") as mo:
            catalog = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
        for key, text in catalog.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if msgid:  # the empty msgid is the header
                found.append((str(msgid).split("\x04")[-1], text))
    return found


def test_every_language_the_site_speaks_has_a_glossary_section():
    from django.conf import settings
    from django.utils.translation import to_locale

    folders = {to_locale(code) for code, _name in settings.LANGUAGES if code != "en"}
    sections = _sections()
    assert folders <= sections.keys(), f"no GLOSSARY.md section for {folders - sections.keys()}"
    for folder in folders:
        assert _ruled_out(sections[folder]), f"the {folder} section lists no ruled-out words"


@pytest.mark.parametrize("folder", sorted(_sections()))
def test_no_catalogue_uses_a_word_its_glossary_rules_out(folder):
    words = _ruled_out(_sections()[folder])
    pattern = _finder(words)
    offending = [
        f"{msgid!r}: “{hit.group(0)}” in {text!r}"
        for msgid, text in _translations(folder)
        for hit in [pattern.search(text)]
        if hit
    ]
    assert not offending, "\n".join(offending)


def test_the_check_reads_whole_words_in_any_case():
    pattern = _finder(["carregue em", "equipa"])
    assert pattern.search("Carregue em Imprimir")
    assert pattern.search("A EQUIPA joga")
    assert not pattern.search("Recarregue a página e tente de novo.")
    assert not pattern.search("A equipe joga")
