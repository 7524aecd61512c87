from django.urls import path

from . import draw_views, night_views, player_views, seating_screen, views
from .planning import views as planning_views

urlpatterns = [
    path("", views.home, name="home"),
    # Organiser pages: sign-in required, and only the tournament's organisers get past.
    path("tournaments/new/", views.tournament_create, name="tournament-create"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament-detail"),
    path("tournaments/<int:pk>/edit/", views.tournament_edit, name="tournament-edit"),
    path("tournaments/<int:pk>/organisers/", views.co_organiser_add, name="co-organiser-add"),
    path(
        "tournaments/<int:pk>/organisers/<int:user_id>/remove/",
        views.co_organiser_remove,
        name="co-organiser-remove",
    ),
    path("tournaments/<int:pk>/players/add/", views.player_add, name="player-add"),
    path("tournaments/<int:pk>/players/import/", views.player_import, name="player-import"),
    path(
        "tournaments/<int:pk>/players/<int:player_pk>/",
        player_views.player_detail,
        name="player-detail",
    ),
    path(
        "tournaments/<int:pk>/players/<int:player_pk>/reissue/",
        player_views.card_reissue,
        name="card-reissue",
    ),
    path(
        "tournaments/<int:pk>/players/<int:player_pk>/remove/",
        views.player_remove,
        name="player-remove",
    ),
    path("tournaments/<int:pk>/teams/", views.teams_pair, name="teams-pair"),
    path("tournaments/<int:pk>/teams/random/", views.teams_random, name="teams-random"),
    path("tournaments/<int:pk>/rotation/", views.rotation_generate, name="rotation-generate"),
    path("tournaments/<int:pk>/rounds/<int:number>/", views.round_detail, name="round-detail"),
    path("tournaments/<int:pk>/rounds/<int:number>/start/", views.round_start, name="round-start"),
    path("tournaments/<int:pk>/rounds/<int:number>/close/", views.round_close, name="round-close"),
    path("tournaments/<int:pk>/draw/", draw_views.round_draw, name="round-draw"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/redraw/",
        draw_views.round_redraw,
        name="round-redraw",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/publish/",
        draw_views.round_publish,
        name="round-publish",
    ),
    path("tournaments/<int:pk>/changes/", views.change_form, name="change-form"),
    path("tournaments/<int:pk>/changes/preview/", views.change_preview, name="change-preview"),
    path("tournaments/<int:pk>/changes/apply/", views.change_apply, name="change-apply"),
    path("planning/<int:job_id>/", planning_views.planning_job, name="planning-job"),
    path(
        "tournaments/<int:pk>/players/<int:player_pk>/late/",
        night_views.player_late,
        name="player-late",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/swap/",
        night_views.seats_swap,
        name="seats-swap",
    ),
    path("tournaments/<int:pk>/reprint/", night_views.reprint_print, name="reprint-print"),
    # Public, read-only pages: no tokens, no QR codes.
    path("t/<int:pk>/", views.tournament_public, name="tournament-public"),
    path("t/<int:pk>/players/<int:player_pk>/", views.player_seat, name="player-seat"),
    # The projector's seating screen: the round played now, everyone by name.
    path("t/<int:pk>/seating/", seating_screen.seating_screen, name="seating-screen"),
]
