from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Registers the deploy check that asks for a shared cache (config.settings.production).
        from . import lockout  # noqa: F401
