from django.urls import path

# Registers the <export:fmt> converter both apps' download addresses use.
import scoring.downloads  # noqa: F401

from . import views

urlpatterns = [
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
