from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from tournaments.api.errors import unknown_endpoint

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    re_path(r"^api/", unknown_endpoint),
    # Scoring first: its token converter keeps table links apart from public pages.
    path("", include("scoring.urls")),
    path("print/", include("tournaments.printing.urls")),
    path("", include("leagues.urls")),
    path("", include("tournaments.urls")),
]

# Django's own error answers: the API's JSON shape under /api/, the usual pages elsewhere.
handler400 = "tournaments.api.errors.bad_request"
handler403 = "tournaments.api.errors.permission_denied"
handler404 = "tournaments.api.errors.page_not_found"
handler500 = "tournaments.api.errors.server_error"
