from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Registers the deploy check that asks for a shared cache (config.settings.production).
        from django.conf import settings

        from . import lockout  # noqa: F401
        from .rotations.formats import enable_trial_formats

        # Formats offered only where the settings ask (the test settings' trial format).
        enable_trial_formats(getattr(settings, "TRIAL_FORMATS", ()))
