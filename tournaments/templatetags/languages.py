"""`{% language_menu as languages %}`: the languages the site offers, each named in
itself as settings.LANGUAGE_MENU_NAMES writes it (Django's own name otherwise)."""

from django import template
from django.conf import settings
from django.utils.translation import get_language_info

register = template.Library()


@register.simple_tag
def language_menu() -> list[dict[str, str]]:
    names = getattr(settings, "LANGUAGE_MENU_NAMES", {})
    return [
        {"code": code, "name": names.get(code) or get_language_info(code)["name_local"]}
        for code, _name in settings.LANGUAGES
    ]
