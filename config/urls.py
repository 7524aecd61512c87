from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    # Scoring first: its token converter keeps table links apart from public pages.
    path("", include("scoring.urls")),
    path("print/", include("tournaments.printing.urls")),
    path("", include("leagues.urls")),
    path("", include("tournaments.urls")),
]
