from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    # No models: an app so its messages are found like the other apps' and Django's
    # checks see it; it holds what scoring, tournaments and leagues all lean on.
    name = "core"
    verbose_name = _("Shared")
