"""Who may use which address, for every route of the site: pages and API, every app.

Plain data, read by tests/integration/test_access_matrix.py, which walks every URL
pattern with every method (the admin's with GET and POST, all it uses) as each role
below and fails on a route missing here, on a role let in that is not declared, on a
declared role refused, and on an answer showing a link or card code to a role that
does not hold it (organisers see all; a seat's link shows its own player theirs).
The views keep enforcing it through core.permissions (and the API's permission
classes built on it); this module says what the answers must be and decides nothing
at run time.

Roles, against one tournament with its rounds, tables, seats and players:
- `anonymous`: no account, no link;
- `table link`: a table's printed link (the page at /t/<token>/, the API with
  `Authorization: Table <token>`);
- `seat link`: one seat's link (/s/<token>/, the API with `Authorization: Seat <token>`);
- `card link`: a player's scorecard link (/c/<token>/; the API takes no card links);
- `organiser`: the tournament's owner, signed in;
- `co-organiser`: a co-organiser of the tournament, signed in;
- `another organiser`: signed in, organising other tournaments but not this one;
- `season owner`: signed in, owner of the season this tournament counts in (and no
  organiser of the tournament).
A link's role puts its own token in the address where the route takes one; everyone
else, who holds no such link, tries a well-formed token of no table, seat or card.

"May use" means the answer is not a refusal: not 401, 403 or 404 (every object the
address names exists, so a 404 says "not yours", as the season pages and the links
say it), not 405 (the method is not offered), and not a redirect to a sign-in page.
Anything else counts as let in, whatever the request body made of it: a 400 for a
missing field, a 409 for a stale preview, a redirect after a refused change with a
message. A method missing from a route's entry is one nobody may use.

The admin is for staff accounts, which none of these roles is: every admin route,
named or not, answers them with its sign-in page, except that page itself. That staff
only read there is tests/integration/test_admin_read_only.py's to check.

To declare a new route: one line in ROUTES, under its URL name (an unnamed pattern
under its route as Django spells it), e.g.
    "player-detail": {GET: ORGANISERS, POST: ORGANISERS},
"""

from __future__ import annotations

ANONYMOUS = "anonymous"
TABLE_LINK = "table link"
SEAT_LINK = "seat link"
CARD_LINK = "card link"
OWNER = "organiser"
CO_ORGANISER = "co-organiser"
OTHER_ORGANISER = "another organiser"
SEASON_OWNER = "season owner"

ROLES = (
    ANONYMOUS,
    TABLE_LINK,
    SEAT_LINK,
    CARD_LINK,
    OWNER,
    CO_ORGANISER,
    OTHER_ORGANISER,
    SEASON_OWNER,
)

GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS = (
    "GET",
    "HEAD",
    "POST",
    "PUT",
    "PATCH",
    "DELETE",
    "OPTIONS",
)
METHODS = (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)

NOBODY: frozenset[str] = frozenset()
EVERYONE = frozenset(ROLES)
ORGANISERS = frozenset({OWNER, CO_ORGANISER})
SIGNED_IN = frozenset({OWNER, CO_ORGANISER, OTHER_ORGANISER, SEASON_OWNER})
SCORERS = frozenset({TABLE_LINK, SEAT_LINK})
THE_SEASON_OWNER = frozenset({SEASON_OWNER})

# Shorthands for what a route offers as a whole.
PUBLIC_PAGE = {GET: EVERYONE}
ORGANISER_PAGE = {GET: ORGANISERS}
ORGANISER_FORM = {POST: ORGANISERS}
ORGANISER_PAGE_AND_FORM = {GET: ORGANISERS, POST: ORGANISERS}
# A class-based view answers HEAD as GET and OPTIONS with the methods it takes; a
# form view of Django's takes PUT as POST.
PUBLIC_VIEW = {GET: EVERYONE, HEAD: EVERYONE, OPTIONS: EVERYONE}
PUBLIC_FORM_VIEW = {**PUBLIC_VIEW, POST: EVERYONE, PUT: EVERYONE}
SIGNED_IN_VIEW = {GET: SIGNED_IN, HEAD: SIGNED_IN, OPTIONS: SIGNED_IN}
SIGNED_IN_FORM_VIEW = {**SIGNED_IN_VIEW, POST: SIGNED_IN, PUT: SIGNED_IN}
EVERY_METHOD = dict.fromkeys(METHODS, EVERYONE)

# In the API a GET is also a HEAD. OPTIONS (the endpoint's description, no data) is
# answered to whoever passes the view's first check: under a tournament's address
# anyone, where reads are organisers' only the signed-in, at a table its scorers and
# the signed-in.
TOURNAMENT_API_WRITE = {POST: ORGANISERS, OPTIONS: EVERYONE}
TOURNAMENT_API_READ = {GET: EVERYONE, HEAD: EVERYONE, OPTIONS: EVERYONE}
TOURNAMENT_API_READ_WRITE = {**TOURNAMENT_API_READ, POST: ORGANISERS}
ORGANISER_API_READ = {GET: ORGANISERS, HEAD: ORGANISERS, OPTIONS: SIGNED_IN}
TABLE_API_READ = {
    GET: SCORERS | ORGANISERS,
    HEAD: SCORERS | ORGANISERS,
    OPTIONS: SCORERS | SIGNED_IN,
}
# Entering results is the table's own scorers' alone; organisers correct instead.
TABLE_API_ENTRY = {POST: SCORERS, OPTIONS: SCORERS | SIGNED_IN}

ROUTES: dict[str, dict[str, frozenset[str]]] = {
    # ------------------------------------------------------------ config/urls.py
    # The admin's sign-in page is Django's sign-in form, open to all.
    "admin:login": PUBLIC_FORM_VIEW,
    "login": PUBLIC_FORM_VIEW,
    "logout": {POST: EVERYONE, OPTIONS: EVERYONE},
    "password_change": SIGNED_IN_FORM_VIEW,
    "password_change_done": SIGNED_IN_VIEW,
    "password_reset": PUBLIC_FORM_VIEW,
    "password_reset_done": PUBLIC_VIEW,
    # A link that names no account shows "this link is no longer valid", however asked.
    "password_reset_confirm": EVERY_METHOD,
    "password_reset_complete": PUBLIC_VIEW,
    # Django's language switch redirects back whatever the method (only POST switches).
    "set_language": EVERY_METHOD,
    "api-schema": PUBLIC_VIEW,
    "api-docs": {GET: EVERYONE, HEAD: EVERYONE},
    # Any other path under /api/: "no such endpoint" (404), to everyone.
    "^api/": {},
    # ------------------------------------------------------------ scoring (pages)
    "table-entry": {GET: frozenset({TABLE_LINK}), POST: frozenset({TABLE_LINK})},
    "table-history": {GET: frozenset({TABLE_LINK})},
    "seat-entry": {GET: frozenset({SEAT_LINK}), POST: frozenset({SEAT_LINK})},
    "card-link": {GET: frozenset({CARD_LINK})},
    # A physical table's card: its holder is at the table, as with the round's link.
    "table-link": {GET: frozenset({TABLE_LINK})},
    "seating-screen": PUBLIC_PAGE,
    "service-worker": PUBLIC_PAGE,
    "javascript-catalog": PUBLIC_VIEW,
    "round-results": ORGANISER_PAGE,
    "round-results-close": ORGANISER_FORM,
    "result-confirm": ORGANISER_FORM,
    "result-correct": ORGANISER_PAGE_AND_FORM,
    "result-resolve": ORGANISER_PAGE_AND_FORM,
    # ------------------------------------------------------------ printing (pages)
    "print-request": ORGANISER_PAGE_AND_FORM,
    "print-job": ORGANISER_PAGE,
    "planning-job": ORGANISER_PAGE,
    "print-download": ORGANISER_PAGE,
    "print-retry": ORGANISER_FORM,
    # ---------------------------------------- a night's standings (scoring's pages)
    "standings-page": PUBLIC_PAGE,
    "standings-projector": PUBLIC_PAGE,
    "standings-player": PUBLIC_PAGE,
    "standings-export": PUBLIC_PAGE,
    "standings-results-export": PUBLIC_PAGE,
    "draw-history-export": PUBLIC_PAGE,
    "standings-settings": ORGANISER_PAGE_AND_FORM,
    "standings-print": ORGANISER_FORM,
    # ------------------------------------------------------------ leagues (pages)
    "season-list": {GET: SIGNED_IN, POST: SIGNED_IN},
    "season-detail": PUBLIC_PAGE,
    "season-export": PUBLIC_PAGE,
    "season-manage": {GET: THE_SEASON_OWNER, POST: THE_SEASON_OWNER},
    "season-night-add": {POST: THE_SEASON_OWNER},
    "season-night-remove": {POST: THE_SEASON_OWNER},
    "season-link-names": {POST: THE_SEASON_OWNER},
    "season-member-link": {POST: THE_SEASON_OWNER},
    "season-member-merge": {POST: THE_SEASON_OWNER},
    # ------------------------------------------------------------ tournaments (pages)
    "home": PUBLIC_PAGE,
    "tournament-public": PUBLIC_PAGE,
    "player-seat": PUBLIC_PAGE,
    "tournament-create": {GET: SIGNED_IN, POST: SIGNED_IN},
    "tournament-detail": ORGANISER_PAGE,
    "tournament-edit": ORGANISER_PAGE_AND_FORM,
    "co-organiser-add": ORGANISER_FORM,
    # The owner removes a co-organiser; a co-organiser may remove themselves.
    "co-organiser-remove": ORGANISER_FORM,
    "player-add": ORGANISER_FORM,
    "player-import": ORGANISER_FORM,
    "player-remove": ORGANISER_PAGE_AND_FORM,
    "player-detail": ORGANISER_PAGE,
    "card-reissue": ORGANISER_PAGE_AND_FORM,
    "player-late": ORGANISER_FORM,
    "teams-pair": ORGANISER_FORM,
    "teams-random": ORGANISER_FORM,
    "rotation-generate": ORGANISER_FORM,
    "round-detail": ORGANISER_PAGE,
    "round-start": ORGANISER_FORM,
    "round-close": ORGANISER_FORM,
    "round-draw": ORGANISER_FORM,
    "round-redraw": ORGANISER_FORM,
    "round-publish": ORGANISER_FORM,
    "seats-swap": ORGANISER_FORM,
    "change-form": ORGANISER_PAGE,
    "change-preview": ORGANISER_FORM,
    "change-apply": ORGANISER_FORM,
    "reprint-print": ORGANISER_FORM,
    # ------------------------------------------------------------ tournaments (API)
    "api-tournament-list": {**TOURNAMENT_API_READ, POST: SIGNED_IN},
    "api-tournament-detail": {**TOURNAMENT_API_READ, PATCH: ORGANISERS},
    "api-tournament-players": TOURNAMENT_API_READ_WRITE,
    "api-tournament-import-players": TOURNAMENT_API_WRITE,
    # The preview re-plans the whole rotation: organisers only, like the removal itself.
    "api-tournament-player-removal": ORGANISER_API_READ,
    "api-tournament-reissue-card": TOURNAMENT_API_WRITE,
    "api-tournament-remove-player": {DELETE: ORGANISERS, OPTIONS: EVERYONE},
    "api-tournament-player-late": TOURNAMENT_API_WRITE,
    "api-tournament-teams": TOURNAMENT_API_READ_WRITE,
    "api-tournament-random-teams": TOURNAMENT_API_WRITE,
    "api-tournament-generate-rotation": TOURNAMENT_API_WRITE,
    "api-tournament-rounds": TOURNAMENT_API_READ,
    "api-tournament-round-detail": TOURNAMENT_API_READ,
    "api-tournament-start-round": TOURNAMENT_API_WRITE,
    "api-tournament-draw-round": TOURNAMENT_API_WRITE,
    "api-tournament-redraw-round": TOURNAMENT_API_WRITE,
    "api-tournament-publish-round": TOURNAMENT_API_WRITE,
    "api-tournament-swap-seats": TOURNAMENT_API_WRITE,
    "api-tournament-organisers": TOURNAMENT_API_READ_WRITE,
    "api-tournament-remove-organiser": {DELETE: ORGANISERS, OPTIONS: EVERYONE},
    "api-tournament-preview-change": TOURNAMENT_API_WRITE,
    "api-tournament-compare-changes": TOURNAMENT_API_WRITE,
    "api-tournament-apply-change": TOURNAMENT_API_WRITE,
    # ------------------------------------------------------------ scoring (API)
    "api-table-detail": TABLE_API_READ,
    "api-table-history": TABLE_API_READ,
    "api-table-hands": TABLE_API_ENTRY,
    "api-table-totals": TABLE_API_ENTRY,
    "api-table-confirm": {POST: SCORERS | ORGANISERS, OPTIONS: SCORERS | SIGNED_IN},
    # Disputing is the players' own; organisers resolve instead.
    "api-table-dispute": TABLE_API_ENTRY,
    "api-result-list": ORGANISER_API_READ,
    "api-result-detail": {**ORGANISER_API_READ, PATCH: ORGANISERS},
    "api-result-resolve": {POST: ORGANISERS, OPTIONS: SIGNED_IN},
    "api-tournament-close-round": TOURNAMENT_API_WRITE,
    # ------------------------------------------------------------ printing (API)
    "api-tournament-print-jobs": TOURNAMENT_API_WRITE,
    "api-tournament-reprints": {**ORGANISER_API_READ, POST: ORGANISERS},
    "api-print-job-detail": ORGANISER_API_READ,
    "api-planning-job-detail": ORGANISER_API_READ,
    "api-print-job-download": ORGANISER_API_READ,
}

# Every other admin route, named ("admin:...") or not ("admin/..."): staff only.
ADMIN: dict[str, frozenset[str]] = {}


def declared(route: str) -> dict[str, frozenset[str]] | None:
    """Who may use `route` (a URL name, or an unnamed pattern's route), by method; None
    when it is not declared."""
    if route in ROUTES:
        return ROUTES[route]
    if route.startswith(("admin:", "admin/")):
        return ADMIN
    return None
