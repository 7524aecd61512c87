"""The scoring app's API routes; config/urls.py composes every app's under /api/."""

from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("tables", views.TableViewSet, basename="api-table")
router.register("results", views.ResultViewSet, basename="api-result")
# Under a tournament's address, beside the tournaments app's own actions.
router.register("tournaments", views.RoundResultsViewSet, basename="api-tournament")
