"""The API's published contract: its paths, methods, operation ids and URL names, and
the fields of a table's result.

Client apps and scripts are written against these; moving an endpoint's code from one
app to another must leave every entry here as it is. A change to this list is a
change to the contract, to be made on purpose and announced.

Changed on purpose (issue 32, "A drawn table is a draw everywhere"): a result's
`winners` is empty on a level table, which was listed with every seat as a winner, and
the new `drawn` is true there; in cutthroat, players who top the table together are
the `winners` of a draw (`drawn` true, half a win each in the standings)."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from drf_spectacular.generators import SchemaGenerator

# (path, method, operationId) for every operation in the OpenAPI schema.
OPERATIONS = {
    ("/api/planning-jobs/{id}/", "GET", "planning_jobs_retrieve"),
    ("/api/print-jobs/{id}/", "GET", "print_jobs_retrieve"),
    ("/api/print-jobs/{id}/download/", "GET", "print_jobs_download_retrieve"),
    ("/api/results/", "GET", "results_list"),
    ("/api/results/{id}/", "GET", "results_retrieve"),
    ("/api/results/{id}/", "PATCH", "results_partial_update"),
    ("/api/results/{id}/resolve/", "POST", "results_resolve_create"),
    ("/api/schema/", "GET", "schema_retrieve"),
    ("/api/tables/{token}/", "GET", "tables_retrieve"),
    ("/api/tables/{token}/confirm/", "POST", "tables_confirm_create"),
    ("/api/tables/{token}/dispute/", "POST", "tables_dispute_create"),
    ("/api/tables/{token}/hands/", "POST", "tables_hands_create"),
    ("/api/tables/{token}/history/", "GET", "tables_history_list"),
    ("/api/tables/{token}/totals/", "POST", "tables_totals_create"),
    ("/api/tournaments/", "GET", "tournaments_list"),
    ("/api/tournaments/", "POST", "tournaments_create"),
    ("/api/tournaments/{id}/", "GET", "tournaments_retrieve"),
    ("/api/tournaments/{id}/", "PATCH", "tournaments_partial_update"),
    ("/api/tournaments/{id}/changes/", "POST", "tournaments_changes_create"),
    ("/api/tournaments/{id}/changes/compare/", "POST", "tournaments_changes_compare_create"),
    ("/api/tournaments/{id}/changes/preview/", "POST", "tournaments_changes_preview_create"),
    ("/api/tournaments/{id}/generate-rotation/", "POST", "tournaments_generate_rotation_create"),
    ("/api/tournaments/{id}/organisers/", "GET", "tournaments_organisers_retrieve"),
    ("/api/tournaments/{id}/organisers/", "POST", "tournaments_organisers_create"),
    ("/api/tournaments/{id}/organisers/{user_id}/", "DELETE", "tournaments_organisers_destroy"),
    ("/api/tournaments/{id}/players/", "GET", "tournaments_players_list"),
    ("/api/tournaments/{id}/players/", "POST", "tournaments_players_create"),
    ("/api/tournaments/{id}/players/{player_id}/", "DELETE", "tournaments_players_destroy"),
    (
        "/api/tournaments/{id}/players/{player_id}/removal/",
        "GET",
        "tournaments_players_removal_retrieve",
    ),
    ("/api/tournaments/{id}/players/import/", "POST", "tournaments_players_import_create"),
    ("/api/tournaments/{id}/players/{player_id}/late/", "POST", "tournaments_players_late_create"),
    (
        "/api/tournaments/{id}/players/{player_id}/reissue/",
        "POST",
        "tournaments_players_reissue_create",
    ),
    ("/api/tournaments/{id}/reprints/", "GET", "tournaments_reprints_retrieve"),
    ("/api/tournaments/{id}/reprints/", "POST", "tournaments_reprints_create"),
    ("/api/tournaments/{id}/rounds/{number}/swap/", "POST", "tournaments_rounds_swap_create"),
    ("/api/tournaments/{id}/print-jobs/", "POST", "tournaments_print_jobs_create"),
    ("/api/tournaments/{id}/rounds/", "GET", "tournaments_rounds_list"),
    ("/api/tournaments/{id}/rounds/{number}/", "GET", "tournaments_rounds_retrieve"),
    ("/api/tournaments/{id}/rounds/{number}/close/", "POST", "tournaments_rounds_close_create"),
    ("/api/tournaments/{id}/rounds/{number}/start/", "POST", "tournaments_rounds_start_create"),
    ("/api/tournaments/{id}/draw-round/", "POST", "tournaments_draw_round_create"),
    ("/api/tournaments/{id}/rounds/{number}/redraw/", "POST", "tournaments_rounds_redraw_create"),
    (
        "/api/tournaments/{id}/rounds/{number}/publish/",
        "POST",
        "tournaments_rounds_publish_create",
    ),
    ("/api/tournaments/{id}/teams/", "GET", "tournaments_teams_list"),
    ("/api/tournaments/{id}/teams/", "POST", "tournaments_teams_create"),
    ("/api/tournaments/{id}/teams/random/", "POST", "tournaments_teams_random_create"),
}

TOKEN = "[-_A-Za-z0-9]{20,64}"
TOURNAMENT = "^tournaments/(?P<pk>[0-9]+)/"

# URL name -> the route under /api/ it names, as Django's resolver spells it.
URL_NAMES = {
    "api-tournament-list": "^tournaments/$",
    "api-tournament-detail": TOURNAMENT + "$",
    "api-tournament-apply-change": TOURNAMENT + "changes/$",
    "api-tournament-preview-change": TOURNAMENT + "changes/preview/$",
    "api-tournament-compare-changes": TOURNAMENT + "changes/compare/$",
    "api-tournament-generate-rotation": TOURNAMENT + "generate-rotation/$",
    "api-tournament-organisers": TOURNAMENT + "organisers/$",
    "api-tournament-remove-organiser": TOURNAMENT + "organisers/(?P<user_id>[0-9]+)/$",
    "api-tournament-players": TOURNAMENT + "players/$",
    "api-tournament-import-players": TOURNAMENT + "players/import/$",
    "api-tournament-player-removal": TOURNAMENT + "players/(?P<player_id>[0-9]+)/removal/$",
    "api-tournament-remove-player": TOURNAMENT + "players/(?P<player_id>[0-9]+)/$",
    "api-tournament-print-jobs": TOURNAMENT + "print-jobs/$",
    "api-tournament-player-late": TOURNAMENT + "players/(?P<player_id>[0-9]+)/late/$",
    "api-tournament-reissue-card": TOURNAMENT + "players/(?P<player_id>[0-9]+)/reissue/$",
    "api-tournament-reprints": TOURNAMENT + "reprints/$",
    "api-tournament-swap-seats": TOURNAMENT + "rounds/(?P<number>[0-9]+)/swap/$",
    "api-tournament-teams": TOURNAMENT + "teams/$",
    "api-tournament-random-teams": TOURNAMENT + "teams/random/$",
    "api-tournament-rounds": TOURNAMENT + "rounds/$",
    "api-tournament-round-detail": TOURNAMENT + "rounds/(?P<number>[0-9]+)/$",
    "api-tournament-start-round": TOURNAMENT + "rounds/(?P<number>[0-9]+)/start/$",
    "api-tournament-draw-round": TOURNAMENT + "draw-round/$",
    "api-tournament-redraw-round": TOURNAMENT + "rounds/(?P<number>[0-9]+)/redraw/$",
    "api-tournament-publish-round": TOURNAMENT + "rounds/(?P<number>[0-9]+)/publish/$",
    "api-tournament-close-round": TOURNAMENT + "rounds/(?P<number>[0-9]+)/close/$",
    "api-table-detail": f"^tables/(?P<token>{TOKEN})/$",
    "api-table-confirm": f"^tables/(?P<token>{TOKEN})/confirm/$",
    "api-table-dispute": f"^tables/(?P<token>{TOKEN})/dispute/$",
    "api-table-hands": f"^tables/(?P<token>{TOKEN})/hands/$",
    "api-table-history": f"^tables/(?P<token>{TOKEN})/history/$",
    "api-table-totals": f"^tables/(?P<token>{TOKEN})/totals/$",
    "api-result-list": "^results/$",
    "api-result-detail": "^results/(?P<pk>[0-9]+)/$",
    "api-result-resolve": "^results/(?P<pk>[0-9]+)/resolve/$",
    "api-print-job-detail": "^print-jobs/(?P<pk>[0-9]+)/$",
    "api-planning-job-detail": "^planning-jobs/(?P<pk>[0-9]+)/$",
    "api-print-job-download": "^print-jobs/(?P<pk>[0-9]+)/download/$",
    "api-schema": "schema/",
    "api-docs": "docs/",
}


def api_routes(patterns, prefix: str = "") -> dict[str, str]:
    """Every named route under api/, by name, relative to api/."""
    found = {}
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            found.update(api_routes(entry.url_patterns, route))
        elif isinstance(entry, URLPattern) and entry.name and route.startswith("api/"):
            found[entry.name] = route.removeprefix("api/")
    return found


def test_the_schema_lists_exactly_the_published_operations(db):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = {
        (path, method.upper(), operation["operationId"])
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    }
    assert operations == OPERATIONS


# A table's result, as every table and results endpoint answers it.
RESULT_FIELDS = {
    "version",
    "kind",
    "status",
    "state",
    "hands",
    "scores",
    "winners",
    "drawn",
    "complete",
    "submitted_side",
    "disputed_side",
    "dispute_reason",
    "confirmed_at",
    "updated_at",
}


def test_a_result_carries_its_winners_and_whether_it_was_drawn(db):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    result = schema["components"]["schemas"]["Result"]
    assert set(result["properties"]) == RESULT_FIELDS
    assert result["properties"]["winners"]["type"] == "array"
    assert result["properties"]["drawn"]["type"] == "boolean"
    assert "level table" in result["properties"]["winners"]["description"]


def test_every_api_url_keeps_its_name_and_route():
    assert api_routes(get_resolver().url_patterns) == URL_NAMES


@pytest.mark.parametrize(
    ("name", "args", "path"),
    [
        ("api-tournament-print-jobs", [7], "/api/tournaments/7/print-jobs/"),
        ("api-table-hands", ["a" * 22], f"/api/tables/{'a' * 22}/hands/"),
        ("api-result-detail", [3], "/api/results/3/"),
        ("api-print-job-download", [5], "/api/print-jobs/5/download/"),
    ],
)
def test_names_still_reverse_to_the_published_paths(name, args, path):
    assert reverse(name, args=args) == path
