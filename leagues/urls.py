from django.urls import path, register_converter

from . import views


class ExportFormat:
    regex = "csv|json"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ExportFormat, "export")

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
    path("seasons/", views.season_list, name="season-list"),
    path("seasons/<int:pk>/", views.season_detail, name="season-detail"),
    path("seasons/<int:pk>/standings.<export:fmt>", views.season_export, name="season-export"),
    path("seasons/<int:pk>/manage/", views.season_manage, name="season-manage"),
    path("seasons/<int:pk>/nights/add/", views.season_night_add, name="season-night-add"),
    path(
        "seasons/<int:pk>/nights/<int:tournament_pk>/remove/",
        views.season_night_remove,
        name="season-night-remove",
    ),
    path("seasons/<int:pk>/members/by-name/", views.season_link_names, name="season-link-names"),
    path("seasons/<int:pk>/members/link/", views.season_member_link, name="season-member-link"),
    path("seasons/<int:pk>/members/merge/", views.season_member_merge, name="season-member-merge"),
]
