"""Pages speak the languages of our players: Italian, Portuguese and Polish."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.engine import EngineError, parse_hand, rule_set, score_hand
from scoring.messages import engine_message


@pytest.mark.parametrize(
    ("language", "sign_in"),
    [("it", "Accedi"), ("pt-br", "Entrar"), ("pl", "Zaloguj")],
)
def test_the_sign_in_page_is_translated(client, language, sign_in):
    response = client.get(reverse("login"), headers={"accept-language": language})
    assert response.status_code == 200
    assert sign_in in response.content.decode()


@pytest.mark.parametrize("language", ["it", "pt-br", "pl"])
def test_a_rule_the_engine_refuses_is_explained_in_the_scorers_language(language):
    hand = parse_hand(
        {"dealer": 0, "maker": 1, "round": 2, "trump": "hearts", "turn_up": "9H", "tricks": 3}
    )
    with pytest.raises(EngineError) as refused:
        score_hand(rule_set("north-american", {}), hand)
    with translation.override("en"):
        english = engine_message(refused.value)
    with translation.override(language):
        translated = engine_message(refused.value)
    assert translated and translated != english


def test_a_game_and_an_option_in_a_message_are_named_in_the_scorers_language():
    with pytest.raises(EngineError) as refused:
        rule_set("six-handed", {"dealer_partner_alone": True})
    with translation.override("en"):
        assert engine_message(refused.value) == (
            "Six-handed Euchre does not play the option “Canadian loner”."
        )
    with translation.override("it"):
        italian = engine_message(refused.value)
    # The names come from the registry's labels, translated as the form translates them.
    assert "Euchre a sei" in italian and "Da solo alla canadese" in italian


@pytest.mark.parametrize("language", ["it", "pt-br", "pl"])
def test_the_committed_catalog_holds_every_translation_of_its_po_file(language, tmp_path):
    """The site reads the compiled .mo: one left behind its .po shows English to readers
    although a translator has done the work (it happened: 70 Italian messages)."""
    import gettext
    import shutil
    import subprocess
    from pathlib import Path

    from django.conf import settings

    from tests.conftest import missing_service

    if shutil.which("msgfmt") is None:
        missing_service("needs GNU gettext's msgfmt (Debian package gettext)")
    from django.utils import translation

    locale = translation.to_locale(language)  # pt-br is kept in locale/pt_BR
    folder = Path(settings.BASE_DIR) / "locale" / locale / "LC_MESSAGES"
    fresh = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(fresh), str(folder / "django.po")], check=True)
    with (folder / "django.mo").open("rb") as committed, fresh.open("rb") as compiled:
        assert gettext.GNUTranslations(committed)._catalog == (
            gettext.GNUTranslations(compiled)._catalog
        ), f"run: python manage.py compilemessages -l {locale}"


@pytest.mark.parametrize("asked", ["pt", "pt-br", "pt-BR"])
def test_a_reader_asking_for_portuguese_gets_the_brazilian_pages(client, asked):
    """The catalogue is Brazilian (usuário, tela, rodada) and is offered as pt-br; a
    browser or an old language cookie that says plain "pt" must still get it."""
    response = client.get(reverse("login"), headers={"accept-language": asked})
    page = response.content.decode()
    assert '<html lang="pt-br"' in page
    assert "Entrar" in page


def test_a_print_job_queued_in_portuguese_before_the_rename_prints_in_portuguese(db):
    from tournaments.models import PrintJob
    from tournaments.printing.tasks import in_language

    with in_language(PrintJob(options={"language": "pt"})):
        assert translation.get_language() == "pt-br"
        assert translation.gettext("Sign in") == "Entrar"
    with in_language(PrintJob(options={"language": "xx"})):
        assert translation.get_language() == "en"


@pytest.mark.parametrize("language", ["it", "pt-br", "pl"])
def test_every_message_has_a_checked_translation(language):
    """No message is left to English in a language the site offers: none empty, none
    marked fuzzy (a guess msgmerge made from an older message, which Django never shows)."""
    import shutil
    import subprocess
    from pathlib import Path

    from django.conf import settings

    from tests.conftest import missing_service

    if shutil.which("msgfmt") is None:
        missing_service("needs GNU gettext's msgfmt (Debian package gettext)")
    folder = Path(settings.BASE_DIR) / "locale" / translation.to_locale(language) / "LC_MESSAGES"
    for po in sorted(folder.glob("*.po")):
        # e.g. "1094 translated messages, 2 fuzzy translations, 1 untranslated message."
        counts = subprocess.run(
            ["msgfmt", "--statistics", "-o", "/dev/null", str(po)],
            check=True,
            capture_output=True,
            text=True,
            env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"},
        ).stderr
        assert "fuzzy" not in counts and "untranslated" not in counts, (po.name, counts)


def test_the_language_menu_names_each_language_in_itself_as_its_readers_write_it(client):
    """Django calls pt-br "Português Brasileiro"; Brazilians write "Português (Brasil)"."""
    from django.conf import settings

    page = client.get(reverse("login")).content.decode()
    menu = page[page.index('<select name="language"') :]
    menu = menu[: menu.index("</select>")]
    for code, name in (
        ("en", "English"),
        ("it", "italiano"),
        ("pt-br", "Português (Brasil)"),
        ("pl", "polski"),
    ):
        assert f'<option value="{code}"' in menu and f">{name}</option>" in menu, menu
    assert "Brasileiro" not in menu
    assert set(settings.LANGUAGE_MENU_NAMES) == {code for code, _name in settings.LANGUAGES}
