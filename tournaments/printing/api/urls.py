"""The printing app's API routes; config/urls.py composes every app's under /api/."""

from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("print-jobs", views.PrintJobViewSet, basename="api-print-job")
# Under a tournament's address, beside the tournaments app's own actions.
router.register("tournaments", views.TournamentPrintJobsViewSet, basename="api-tournament")
