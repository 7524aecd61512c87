"""Changes on the night, the organiser's preview: two plans side by side ("Fewest
changes", chosen unless the organiser picks the other, and "Best balance"), each with
the players whose seats change, the scorecards to reprint and the seating's fairness
before and after; every remaining round listed with its byes and the moving seats
marked; the plan confirmed is the plan stored. Django's client on the real PostgreSQL
and the real rotation engine."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.urls import reverse

from tournaments import selectors, services
from tournaments.models import Player, Tournament

NAMES = [f"Player {n:02d}" for n in range(1, 10)]
LATE = "Late Larry"


@pytest.fixture
def organiser(postgres_db, django_user_model):
    return django_user_model.objects.create_user("olive", password="cards-on-the-table")


@pytest.fixture
def night(organiser, client) -> Tournament:
    """Nine players, four rounds (one bye a round), round 1 under way."""
    t = services.create_tournament(
        owner=organiser,
        name="Tuesday club night",
        date=datetime.date(2026, 12, 1),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=4,
    )
    services.import_players(tournament=t, text="\n".join(NAMES))
    services.generate_rotation(tournament=t)
    services.start_round(round=t.rounds.get(number=1))
    client.force_login(organiser)
    return t


def _section(page: str, element_id: str) -> str:
    """The HTML of the element with this id, up to the next plan or rounds block."""
    start = page.index(f'id="{element_id}"')
    ends = [
        i
        for marker in ('<div class="plan plan-', "<details", "confirm-row")
        if (i := page.find(marker, start)) != -1
    ]
    return page[start : min(ends)]


def _counts(block: str) -> list[str]:
    """The plan's counts as the preview words them, one sentence each."""
    return re.findall(r'<li class="count">([^<]+)</li>', block)


def _count(block: str, css_class: str) -> int:
    (value,) = re.findall(rf'<li class="{css_class}">(\d+) ', block)
    return int(value)


def _radio(page: str, value: str) -> str:
    (tag,) = re.findall(rf'<input type="radio" name="strategy" value="{value}"[^>]*>', page)
    return tag


def _fingerprint(page: str, strategy: str) -> str:
    (value,) = re.findall(rf'name="fingerprint_{strategy}" value="([0-9a-f]+)"', page)
    return value


def _reprints(change) -> int:
    return len(change.moved_players)


def _seating(rounds) -> list:
    """Each round's tables as seated and its byes (in any order)."""
    return [(r.number, r.tables, sorted(r.byes)) for r in rounds]


def _stored_seating(t: Tournament, first_round: int) -> list:
    schedule = selectors.schedule_from_rounds(t, selectors.rounds_with_seating(t))
    return _seating(r for r in schedule.rounds if r.number >= first_round)


def test_the_preview_offers_both_plans_with_their_counts_fewest_chosen(client, night):
    plans = services.preview_changes(tournament=night, arrive=[LATE])
    response = client.post(reverse("change-preview", args=[night.pk]), {"arrive": LATE})
    assert response.status_code == 200
    page = response.content.decode()

    assert "Fewest changes" in page and "Best balance" in page
    assert " checked" in _radio(page, "fewest")
    assert "checked" not in _radio(page, "balance")
    for strategy, change in plans.items():
        block = _section(page, f"plan-{strategy}")
        assert _counts(block) == [
            f"{len(change.seat_changes)} players sit somewhere else.",
            f"{len(change.new_table_mates)} scorecards list a changed partner or opponent.",
        ]
        assert _count(block, "reprints") == _reprints(change)
        # The seating's fairness in the rotation page's words, before and after.
        text = html.unescape(re.sub(r"<[^>]+>", " ", block))
        for words in ("Repeated partners", "Byes per player", "Opponent meetings"):
            assert words in text
        assert "→" in text
    # Fewest changes really moves fewer seats here, so the choice matters.
    assert len(plans["fewest"].seat_changes) < len(plans["balance"].seat_changes)
    # Fewest changes is the plan opened round by round; best balance is folded.
    assert re.search(r'<details[^>]*id="rounds-fewest" open>', page)
    assert re.search(r'<details[^>]*id="rounds-balance">', page)
    # Nothing is stored by looking.
    assert not Player.objects.filter(name=LATE).exists()


@pytest.mark.parametrize("strategy", ["fewest", "balance"])
def test_confirming_stores_the_plan_chosen(client, night, strategy):
    plans = services.preview_changes(tournament=night, arrive=[LATE])
    assert _seating(plans["fewest"].remaining) != _seating(plans["balance"].remaining)
    page = client.post(reverse("change-preview", args=[night.pk]), {"arrive": LATE})
    page = page.content.decode()
    data = {
        "arrive": LATE,
        "strategy": strategy,
        "fingerprint_fewest": _fingerprint(page, "fewest"),
        "fingerprint_balance": _fingerprint(page, "balance"),
    }
    response = client.post(reverse("change-apply", args=[night.pk]), data, follow=True)
    assert response.status_code == 200
    content = response.content.decode()
    assert "The remaining rounds have been re-planned." in content

    chosen = plans[strategy]
    assert _stored_seating(night, chosen.first_round) == _seating(chosen.remaining)
    # The tournament page's reprint list holds that plan's count of scorecards.
    notice = content[content.index('id="reprint"') : content.index('id="players-section"')]
    assert len(set(re.findall(r"players=(\d+)", notice))) == _reprints(chosen)


def test_without_a_strategy_the_fewest_changes_plan_is_applied(client, night):
    fewest = services.preview_changes(tournament=night, arrive=[LATE])["fewest"]
    response = client.post(reverse("change-apply", args=[night.pk]), {"arrive": LATE})
    assert response.status_code == 302
    assert _stored_seating(night, fewest.first_round) == _seating(fewest.remaining)


@pytest.mark.parametrize("view", ["change-preview", "change-apply"])
def test_a_bogus_strategy_is_refused_in_plain_words(client, night, view):
    data = {"arrive": LATE, "strategy": "random"}
    response = client.post(reverse(view, args=[night.pk]), data)
    assert response.status_code == 400
    content = html.unescape(response.content.decode())
    assert 'Choose "fewest changes" or "best balance" for the remaining rounds.' in content
    assert "random" not in content
    assert not Player.objects.filter(name=LATE).exists()


def test_the_other_plans_fingerprint_does_not_confirm_the_chosen_one(client, night):
    page = client.post(reverse("change-preview", args=[night.pk]), {"arrive": LATE})
    page = page.content.decode()
    data = {
        "arrive": LATE,
        "strategy": "balance",
        # Confirming "balance" with the fewest plan's fingerprint: not what was shown.
        "fingerprint_balance": _fingerprint(page, "fewest"),
    }
    response = client.post(reverse("change-apply", args=[night.pk]), data)
    assert response.status_code == 400
    assert "The tournament changed since this preview" in response.content.decode()
    assert not Player.objects.filter(name=LATE).exists()


def test_every_remaining_round_lists_its_byes_and_marks_exactly_the_moving_seats(client, night):
    leaving = night.players.get(name="Player 03")
    plans = services.preview_changes(tournament=night, withdraw=[leaving], arrive=[LATE])
    response = client.post(
        reverse("change-preview", args=[night.pk]), {"withdraw": [leaving.pk], "arrive": LATE}
    )
    page = response.content.decode()
    assert "Highlighted: a seat that changes" in page
    for strategy, change in plans.items():
        block = _section(page, f"rounds-{strategy}")
        rounds = block.split('<section class="diff-round">')[1:]
        assert len(rounds) == len(change.rounds) == 3  # rounds 2, 3 and 4
        for shown, rnd in zip(rounds, change.rounds, strict=True):
            assert f"<h3>Round {rnd.number}</h3>" in shown
            marked = set(re.findall(r'<mark class="moved">([^<]+)</mark>', shown))
            assert marked == set(rnd.moved)
            text = html.unescape(re.sub(r"<[^>]+>", " ", shown))
            assert "Bye" in text
            for name in rnd.byes_after:
                assert name in text
            if not rnd.changed:
                assert "No seat changes in this round." in text


def test_a_substitute_alone_shows_one_plan_and_marks_nobody(client, night):
    out = night.players.get(name="Player 05")
    data = {"substitute_out": out.pk, "substitute_in": "Sub Sam"}
    response = client.post(reverse("change-preview", args=[night.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="strategy"' in page and 'type="radio" name="strategy"' not in page
    assert "Best balance" not in page
    assert '<mark class="moved">' not in page
    response = client.post(
        reverse("change-apply", args=[night.pk]),
        {**data, "strategy": "fewest", "fingerprint_fewest": _fingerprint(page, "fewest")},
    )
    assert response.status_code == 302
    assert Player.objects.filter(tournament=night, name="Sub Sam", active=True).exists()


FORMATS = [
    # (format, variant, players, arrivals): tables of 4, 4 with fixed pairs, 6, 3 and 2.
    ("progressive", "british", 9, ["Nia"]),
    ("teams", "north-american", 8, ["Nia", "Oz"]),
    ("six-handed", "six-handed", 12, ["Nia", "Oz", "Pam"]),
    ("cutthroat", "three-handed", 7, ["Nia"]),
    ("heads-up", "two-handed", 5, ["Nia"]),
]


@pytest.mark.parametrize(("fmt", "variant", "count", "arrivals"), FORMATS)
def test_every_format_previews_both_plans_and_applies_the_chosen_one(
    client, organiser, fmt, variant, count, arrivals
):
    t = services.create_tournament(
        owner=organiser,
        name=f"{fmt} night",
        date=datetime.date(2026, 12, 10),
        variant=variant,
        options={"target": 15} if fmt == "teams" else {},
        format=fmt,
        round_play="game",
        rounds_planned=4,
    )
    services.import_players(tournament=t, text="\n".join(f"Player {n}" for n in range(count)))
    if fmt in ("teams", "six-handed"):
        services.pair_teams_at_random(tournament=t, seed=1)
    services.generate_rotation(tournament=t)
    services.start_round(round=t.rounds.get(number=1))
    client.force_login(organiser)
    data = {"arrive": "\n".join(arrivals)}
    response = client.post(reverse("change-preview", args=[t.pk]), data)
    assert response.status_code == 200, response.content.decode()[:2000]
    page = response.content.decode()
    assert " checked" in _radio(page, "fewest")
    assert ("Repeated partners" in page) == (fmt == "progressive")
    plans = services.preview_changes(tournament=t, arrive=arrivals)
    for strategy, change in plans.items():
        block = _section(page, f"rounds-{strategy}")
        marked = set(re.findall(r'<mark class="moved">([^<]+)</mark>', block))
        assert marked == set(change.seat_changes)
    data.update(strategy="balance", fingerprint_balance=_fingerprint(page, "balance"))
    assert client.post(reverse("change-apply", args=[t.pk]), data).status_code == 302
    assert _stored_seating(t, 2) == _seating(plans["balance"].remaining)
