"""One night's standings pages; their names and addresses are what they were under
leagues, which keeps the seasons' pages."""

from django.urls import path

# Registers the <export:fmt> converter both apps' download addresses use.
import scoring.downloads  # noqa: F401

from . import views

urlpatterns = [
    # Public: anyone in the room (or at home) can follow the standings.
    path("t/<int:pk>/standings/", views.standings_page, name="standings-page"),
    path("t/<int:pk>/standings/projector/", views.standings_projector, name="standings-projector"),
    path(
        "t/<int:pk>/standings/players/<int:player_pk>/",
        views.standings_player,
        name="standings-player",
    ),
    path("t/<int:pk>/standings.<export:fmt>", views.standings_export, name="standings-export"),
    path(
        "t/<int:pk>/results.<export:fmt>",
        views.standings_results_export,
        name="standings-results-export",
    ),
    # A night drawn round by round, as the next_round command reads it.
    path("t/<int:pk>/history.json", views.draw_history_export, name="draw-history-export"),
    # The organiser's choice of ranking order and bye value.
    path(
        "tournaments/<int:pk>/standings/settings/",
        views.standings_settings,
        name="standings-settings",
    ),
    # Organisers only: a PDF of the standings as they are now.
    path(
        "tournaments/<int:pk>/standings/print/",
        views.standings_print,
        name="standings-print",
    ),
]
