from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.accounts import password_reset
from scoring.api.urls import router as scoring_api
from tournaments.api.errors import unknown_endpoint
from tournaments.api.urls import night_router as night_fixes_api
from tournaments.api.urls import router as tournaments_api
from tournaments.printing.api.urls import router as printing_api

# Each app owns its part of the API; together they are the published /api/, whose
# paths and names tests/integration/test_api_contract.py pins.
API_ROUTERS = (tournaments_api, night_fixes_api, scoring_api, printing_api)

urlpatterns = [
    path("admin/", admin.site.urls),
    # Before Django's own: it says so plainly when the site cannot send e-mail.
    path("accounts/password_reset/", password_reset, name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    *(path("api/", include(router.urls)) for router in API_ROUTERS),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: the CSP allows no inline
    # script. Swagger UI adds a <style> of its own, allowed on this page alone. It is a
    # page to read: asked anything else (OPTIONS would render no template), a 405.
    path(
        "api/docs/",
        csp_update({"style-src": [UNSAFE_INLINE]})(
            SpectacularSwaggerSplitView.as_view(
                url_name="api-schema", http_method_names=["get", "head"]
            )
        ),
        name="api-docs",
    ),
    re_path(r"^api/", unknown_endpoint),
    # Scoring first: its token converter keeps table links apart from public pages.
    path("", include("scoring.urls")),
    path("print/", include("tournaments.printing.urls")),
    path("", include("scoring.standings_pages.urls")),
    path("", include("leagues.urls")),
    path("", include("tournaments.urls")),
]

# Django's own error answers: the API's JSON shape under /api/, the usual pages elsewhere.
handler400 = "tournaments.api.errors.bad_request"
handler403 = "tournaments.api.errors.permission_denied"
handler404 = "tournaments.api.errors.page_not_found"
handler500 = "tournaments.api.errors.server_error"
