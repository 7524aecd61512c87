"""The site's URLs plus the API (and the scoring pages, to compare errors with the API's)
for API tests until config.urls includes them."""

from django.urls import include, path

from config.urls import urlpatterns as site_urlpatterns

urlpatterns = [
    path("api/", include("tournaments.api.urls")),
    path("", include("scoring.urls")),
    *site_urlpatterns,
]
