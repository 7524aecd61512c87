"""Included by the project as path("api/", include("tournaments.api.urls"))."""

from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("tournaments", views.TournamentViewSet, basename="api-tournament")
router.register("tables", views.TableViewSet, basename="api-table")
router.register("results", views.ResultViewSet, basename="api-result")
router.register("print-jobs", views.PrintJobViewSet, basename="api-print-job")

urlpatterns = router.urls
