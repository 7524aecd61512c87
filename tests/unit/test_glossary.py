"""The catalogues follow locale/GLOSSARY.md: no word the glossary rules out for a
language (a machine translation of a card term, a European Portuguese word in the
Brazilian catalogue, a term that reads as something else) appears in what that
language's readers see, and every "- Pattern:" rule of a language holds: a word banned in
any of its forms ("zamówić", "zamawia"), or required wherever the English speaks of a thing
("okrążenie licytacji" wherever the English says bidding round)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path
from typing import NamedTuple

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
GLOSSARY = LOCALE / "GLOSSARY.md"
# A language's section: "## <name>: `<code>` (`locale/<folder>`)".
SECTION = re.compile(r"^## .*\(`locale/(?P<folder>[A-Za-z_]+)`\)", re.M)
NEVER = re.compile(r"^- Never: (?P<words>.+)$", re.M)
# "- Pattern: [where the English matches `<regex>`, ]never|always `<regex>` (why)"
PATTERN = re.compile(
    r"^- Pattern: (?:where the English matches `(?P<scope>[^`]+)`, )?"
    r"(?P<kind>never|always) `(?P<rule>[^`]+)`",
    re.M,
)


class Rule(NamedTuple):
    scope: re.Pattern[str] | None  # which English msgids it applies to; None: all
    kind: str  # "never" or "always"
    rule: re.Pattern[str]


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


def _patterns(section: str) -> list[Rule]:
    """The section's "- Pattern:" lines; like the "Never" words they ignore case."""
    return [
        Rule(
            re.compile(m.group("scope"), re.I) if m.group("scope") else None,
            m.group("kind"),
            re.compile(m.group("rule"), re.I),
        )
        for m in PATTERN.finditer(section)
    ]


def _breaks(rule: Rule, msgid: str, text: str) -> str | None:
    """What is wrong with the translation under the rule, or None."""
    if rule.scope and not rule.scope.search(msgid):
        return None
    hit = rule.rule.search(text)
    if rule.kind == "never" and hit:
        return f"“{hit.group(0)}”"
    if rule.kind == "always" and not hit:
        return f"no /{rule.rule.pattern}/"
    return None


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


@pytest.mark.parametrize("folder", sorted(_sections()))
def test_no_catalogue_breaks_a_pattern_its_glossary_sets(folder):
    rules = _patterns(_sections()[folder])
    offending = [
        f"{msgid!r}: {found} in {text!r}"
        for msgid, text in _translations(folder)
        for rule in rules
        for found in [_breaks(rule, msgid, text)]
        if found
    ]
    assert not offending, f"{len(offending)} translations break a pattern:\n" + "\n".join(offending)


def test_the_languages_with_patterns_are_the_ones_the_glossary_gives_them():
    with_patterns = {folder for folder, section in _sections().items() if _patterns(section)}
    assert with_patterns == {"it", "pl", "pt_BR"}


def test_the_pattern_reader_takes_scope_and_rule_and_ignores_case():
    section = "\n".join(
        [
            "### Style",
            "- Never: krupier",
            "- Pattern: never `zam[óoa]w\\w*` (a calque)",
            "- Pattern: where the English matches `bidding round|In round [12]\\b`, "
            "always `okrążeni` (the tournament round is runda)",
            "- Pattern: never `[Cc]arteador obrigado(?! a escolher)`",
            "  - Pattern: never `indented lines are prose`",
        ]
    )
    never, always, dealer = _patterns(section)
    assert never.scope is None and never.kind == "never"
    assert _breaks(never, "1: turn-up ordered up", "1: Zamówiona odkryta karta") == "“Zamówiona”"
    assert _breaks(never, "x", "Partner, który zamawia kartę") == "“zamawia”"
    assert _breaks(never, "Close round", "Zamknij rundę") is None
    assert _breaks(always, "Bidding round", "Runda licytacji") == "no /okrążeni/"
    assert _breaks(always, "in round 1 trump is …", "W pierwszym Okrążeniu licytacji") is None
    assert _breaks(always, "Round %(number)s", "Runda %(number)s") is None  # out of scope
    assert _breaks(dealer, "Stick the dealer", "Carteador obrigado") == "“Carteador obrigado”"
    assert _breaks(dealer, "Stick the dealer", "Carteador obrigado a escolher") is None


def test_the_check_reads_whole_words_in_any_case():
    pattern = _finder(["carregue em", "equipa"])
    assert pattern.search("Carregue em Imprimir")
    assert pattern.search("A EQUIPA joga")
    assert not pattern.search("Recarregue a página e tente de novo.")
    assert not pattern.search("A equipe joga")
