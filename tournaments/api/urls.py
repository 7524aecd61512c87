"""The tournaments app's API routes; config/urls.py composes every app's under /api/."""

from rest_framework.routers import SimpleRouter

from . import night, planning, views

router = SimpleRouter()
router.register("tournaments", views.TournamentViewSet, basename="api-tournament")
router.register("planning-jobs", planning.PlanningJobViewSet, basename="api-planning-job")
# Under the same address, the organiser's one-step fixes of the night (a router of
# their own: one router takes each basename once).
night_router = SimpleRouter()
night_router.register("tournaments", night.NightFixesViewSet, basename="api-tournament")
