from django.urls import path, register_converter
from django.views.i18n import JavaScriptCatalog

from . import card_link, physical_table, table_page, views
from .service_worker import service_worker


class TokenConverter:
    # Table and seat tokens are long random strings; requiring 20+ characters keeps
    # "t/<token>/" from swallowing the public pages at "t/<int:pk>/".
    regex = r"[-_A-Za-z0-9]{20,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

urlpatterns = [
    # Scorers: no sign-in, the printed link is their key.
    path("t/<token:token>/", table_page.table_entry, name="table-entry"),
    path("t/<token:token>/history/", table_page.table_history, name="table-history"),
    path("s/<token:token>/", table_page.seat_entry, name="seat-entry"),
    # A physical table's printed card: whichever round that table plays now.
    path("tt/<token:token>/", physical_table.physical_table, name="table-link"),
    # What keeps the table page working offline (static/js/hand_queue.js).
    path("sw.js", service_worker, name="service-worker"),
    path(
        "jsi18n/",
        # The site's own strings only (LOCALE_PATHS), not every installed app's.
        JavaScriptCatalog.as_view(packages=["scoring"]),
        name="javascript-catalog",
    ),
    # The scorecard's QR code: whichever seat the player holds now.
    path("c/<token:token>/", card_link.card_link, name="card-link"),
    # Organisers.
    path(
        "tournaments/<int:pk>/rounds/<int:number>/results/",
        views.round_results,
        name="round-results",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/results/close/",
        views.round_results_close,
        name="round-results-close",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/tables/<int:table_number>/confirm/",
        views.result_confirm,
        name="result-confirm",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/tables/<int:table_number>/resolve/",
        views.result_resolve,
        name="result-resolve",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/tables/<int:table_number>/correct/",
        views.result_correct,
        name="result-correct",
    ),
]
