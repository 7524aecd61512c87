"""The tournaments app's API routes; config/urls.py composes every app's under /api/."""

from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("tournaments", views.TournamentViewSet, basename="api-tournament")
