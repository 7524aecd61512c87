"""Every address of the site, asked with every method by every role, answers as
tournaments/access.py declares: a role it names is let in, any other is refused.

No answer shows a reader a link or card code it does not already hold: strangers none,
a table's link no seat's link or code, a seat's link only its own.

One night is set up for the module (a teams event with its rotation, round 1 in
play, a co-organiser, a season, a finished printout); each request runs in a savepoint
rolled back after it, so a removal or a sign-out changes nothing for the next one.
What "let in" means is access.py's docstring.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from leagues.formats import format_family
from leagues.models import Season, SeasonNight
from tests.factories import TournamentFactory, UserFactory, players_for, sample_names
from tournaments import access, services
from tournaments.card_links import card_token
from tournaments.models import PlanningJob, PrintJob, Round, Seat, Table, Tournament
from tournaments.services.table_links import table_links

# The routes' tests come in two groups, each run one after another in one process
# (pytest-xdist --dist loadgroup), which sets up the module's night once for it: in one
# group they made a chain of three minutes on one process.
GROUPS = 2

# A well-formed token that no table, seat or card has: what a role without the link tries.
NO_SUCH_TOKEN = "no-such-link-0000000000"
REDIRECT = (301, 302, 303, 307, 308)
REFUSED = (401, 403, 404, 405)
# The admin only uses these two; any other method is refused by it as GET is.
ADMIN_METHODS = (access.GET, access.POST)


@dataclass(frozen=True)
class Route:
    key: str  # the URL name (with its namespace), or the route of an unnamed pattern
    route: str  # as Django spells it, every prefix joined


def all_routes(patterns=None, prefix: str = "", namespace: str = "") -> list[Route]:
    """Every URL pattern of the site, pages and API, included ones and routers' too."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = ":".join(filter(None, [namespace, entry.namespace or ""]))
            found.extend(all_routes(entry.url_patterns, route, inner))
        elif isinstance(entry, URLPattern):
            name = entry.name and ":".join(filter(None, [namespace, entry.name]))
            found.append(Route(key=name or route, route=route))
    return found


ROUTES = all_routes()


@dataclass
class Night:
    tournament: Tournament
    player_id: int
    co_organiser_id: int
    table_id: int
    table_number: int
    table_token: str
    table_link_token: str
    seat_token: str
    card_token: str
    season_id: int
    job_id: int
    planning_job_id: int
    sessions: dict[str, str]  # role -> session key, for the signed-in roles
    # role -> the credentials (tokens, codes) no answer may show it, with their names
    unseen: dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def night(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        owner, co_organiser, other, season_owner = (UserFactory() for _ in range(4))
        tournament = TournamentFactory(owner=owner, format=Tournament.Format.TEAMS)
        services.add_co_organiser(tournament=tournament, user=co_organiser)
        TournamentFactory(owner=other)
        players = players_for(tournament, sample_names(8))
        services.pair_teams_at_random(tournament=tournament, seed=1)
        services.generate_rotation(tournament=tournament)
        first = Round.objects.get(tournament=tournament, number=1)
        services.start_round(round=first, user=owner)
        table = first.tables.order_by("number").first()
        seat = table.seats.order_by("position").first()
        (table_link,) = table_links(tournament=tournament, numbers=[table.number])
        season = Season.objects.create(
            owner=season_owner,
            name="Winter league",
            variant=tournament.variant,
            family=format_family(tournament.format),
        )
        SeasonNight.objects.create(season=season, tournament=tournament)
        job = PrintJob.objects.create(
            tournament=tournament, kind=PrintJob.Kind.SCORECARDS, status=PrintJob.Status.DONE
        )
        job.pdf.save("night.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"))
        planning_job = PlanningJob.objects.create(
            tournament=tournament,
            kind=PlanningJob.Kind.GENERATE,
            status=PlanningJob.Status.DONE,
            requested_by=owner,
        )
        sessions = {}
        credentials = {
            **{
                t.token: f"table {t.number} of round {t.round.number}'s link"
                for t in Table.objects.filter(round__tournament=tournament).select_related("round")
            },
            **{
                s.token: f"{s.player.name}'s seat link in round {s.table.round.number}"
                for s in Seat.objects.filter(table__round__tournament=tournament).select_related(
                    "player", "table__round"
                )
            },
            **{p.code: f"{p.name}'s card code" for p in tournament.players.all()},
            **{card_token(p.pk): f"{p.name}'s card link" for p in tournament.players.all()},
        }
        own_seat = {seat.token, seat.player.code, card_token(seat.player_id), table.token}
        for role, user in {
            access.OWNER: owner,
            access.CO_ORGANISER: co_organiser,
            access.OTHER_ORGANISER: other,
            access.SEASON_OWNER: season_owner,
        }.items():
            client = Client()
            client.force_login(user)
            sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
        yield Night(
            tournament=tournament,
            player_id=players[0].pk,
            co_organiser_id=co_organiser.pk,
            table_id=table.pk,
            table_number=table.number,
            table_token=table.token,
            table_link_token=table_link.token,
            seat_token=seat.token,
            card_token=card_token(seat.player_id),
            season_id=season.pk,
            job_id=job.pk,
            planning_job_id=planning_job.pk,
            sessions=sessions,
            # Organisers see every link and code; the table's link is everyone's at the
            # table; a seat's link shows its player their own code; strangers see none.
            unseen={
                access.TABLE_LINK: {k: v for k, v in credentials.items() if k != table.token},
                access.SEAT_LINK: {k: v for k, v in credentials.items() if k not in own_seat},
                **{
                    role: credentials
                    for role in access.ROLES
                    if role not in (access.TABLE_LINK, access.SEAT_LINK, *access.ORGANISERS)
                },
            },
        )
        transaction.set_rollback(True)


def _link(night: Night, role: str, route: str) -> str:
    """The token a role puts in a page's address: its own link's, or one of nothing."""
    held = {
        "t/": (access.TABLE_LINK, night.table_token),
        "tt": (access.TABLE_LINK, night.table_link_token),
        "s/": (access.SEAT_LINK, night.seat_token),
        "c/": (access.CARD_LINK, night.card_token),
    }
    holder, token = held.get(route[:2], (None, None))
    return token if role == holder else NO_SUCH_TOKEN


def _value(night: Night, role: str, route: str, name: str) -> str:
    """What goes in the address for the argument `name` of `route`: this night's rows."""
    if name == "token":
        if route.startswith("api/"):
            # The API's credential is the Authorization header; the address names the table.
            return night.table_token
        return _link(night, role, route)
    if name == "pk":
        if route.startswith("seasons/"):
            return str(night.season_id)
        if route.startswith("api/^results/"):
            return str(night.table_id)
        if route.startswith("api/^print-jobs/"):
            return str(night.job_id)
        if route.startswith("api/^planning-jobs/"):
            return str(night.planning_job_id)
    if name == "job_id" and route.startswith("planning/"):
        return str(night.planning_job_id)
    values = {
        "pk": night.tournament.pk,
        "tournament_pk": night.tournament.pk,
        "player_pk": night.player_id,
        "player_id": night.player_id,
        "number": 1,
        "table_number": night.table_number,
        "user_id": night.co_organiser_id,
        "job_id": night.job_id,
        "fmt": "csv",
        # The admin's and Django's own: no row of ours needed to see who gets in.
        "object_id": 1,
        "content_type_id": 1,
        "id": 1,
        "app_label": "tournaments",
        "url": "nowhere/",
        "uidb64": "MQ",
    }
    return str(values[name])


ARGUMENT = re.compile(r"<(?:[^>:]+:)?(?P<name>\w+)>|\(\?P<(?P<group>\w+)>(?:[^()]|\([^()]*\))*\)")


def address(night: Night, role: str, route: Route) -> str:
    """The route's path with this night's rows (and the role's link) in its arguments."""

    def fill(match: re.Match) -> str:
        return _value(night, role, route.route, match["name"] or match["group"])

    path = "/" + ARGUMENT.sub(fill, route.route).replace("^", "").replace("$", "")
    if route.key == "api-result-list":
        path += f"?tournament={night.tournament.pk}&round=1"
    return path


def _headers(night: Night, role: str, path: str) -> dict[str, str]:
    if path.startswith("/api/") and role == access.TABLE_LINK:
        return {"HTTP_AUTHORIZATION": f"Table {night.table_token}"}
    if path.startswith("/api/") and role == access.SEAT_LINK:
        return {"HTTP_AUTHORIZATION": f"Seat {night.seat_token}"}
    return {}


def _sign_in_pages() -> tuple[str, ...]:
    # The admin's front page is its sign-in for anyone who is not staff.
    return (reverse("login"), reverse("admin:login"), reverse("admin:index"))


def let_in(response) -> bool:
    """access.py's "may use": neither refused nor sent to sign in."""
    if response.status_code in REFUSED:
        return False
    if response.status_code in REDIRECT:
        target = response["Location"].split("?")[0]
        return not target.endswith(_sign_in_pages())
    return True


# One client for every request: each new one scans the static files again (whitenoise).
_client = Client(raise_request_exception=False)


def ask(night: Night, role: str, method: str, route: Route):
    """One request, its writes rolled back: the response."""
    _client.cookies.clear()
    if role in night.sessions:
        _client.cookies[settings.SESSION_COOKIE_NAME] = night.sessions[role]
    path = address(night, role, route)
    with transaction.atomic():
        response = _client.generic(method, path, **_headers(night, role, path))
        transaction.set_rollback(True)
    return response


def shown(night: Night, role: str, response) -> list[str]:
    """The credentials of the night in an answer that its reader does not hold."""
    body = b"" if response.streaming else response.content
    unseen = night.unseen.get(role, {})
    return sorted(name for secret, name in unseen.items() if secret.encode() in body)


def test_every_route_is_declared_and_every_declaration_is_a_route():
    keys = {route.key for route in ROUTES}
    undeclared = sorted(
        f"{route.key} ({route.route})" for route in ROUTES if access.declared(route.key) is None
    )
    stale = sorted(set(access.ROUTES) - keys)
    problems = []
    if undeclared:
        problems.append(
            "Routes missing from tournaments/access.py ROUTES: " + ", ".join(undeclared)
        )
    if stale:
        problems.append("tournaments/access.py ROUTES names no such route: " + ", ".join(stale))
    if problems:
        pytest.fail("\n".join(problems))


# Marked so that the test database is set up; each test then runs in a savepoint of
# the module's transaction, which `night` opened.
@pytest.mark.django_db
@pytest.mark.parametrize(
    "route",
    [
        pytest.param(
            route, id=route.key, marks=pytest.mark.xdist_group(f"access_matrix-{i % GROUPS}")
        )
        for i, route in enumerate(ROUTES)
    ],
)
def test_each_role_is_let_in_exactly_where_declared(night, route):
    declared = access.declared(route.key)
    if declared is None:
        pytest.fail(f"{route.key} ({route.route}) is not declared in tournaments/access.py ROUTES")
    methods = ADMIN_METHODS if declared is access.ADMIN else access.METHODS
    wrong = []
    answers = {}
    for method in methods:
        allowed = declared.get(method, access.NOBODY)
        for role in access.ROLES:
            path = address(night, role, route)
            # A link's holder outside its own pages and the API sends exactly what an
            # anonymous visitor sends: asked once, the answer holds for both.
            request = (method, path, night.sessions.get(role), str(_headers(night, role, path)))
            if request not in answers:
                answers[request] = ask(night, role, method, route)
            response = answers[request]
            status, entered = response.status_code, let_in(response)
            where = f"{method} {path} ({route.key}) as {role}: {status}"
            if status >= 500:
                wrong.append(f"{where}, a server error")
            elif entered and role not in allowed:
                wrong.append(f"{where} let in, but access.py does not declare {role}")
            elif not entered and role in allowed:
                wrong.append(f"{where} refused, but access.py declares {role} may use it")
            if leaked := shown(night, role, response):
                wrong.append(f"{where} shows {', '.join(leaked)}")
    if wrong:
        pytest.fail("\n".join(wrong))
