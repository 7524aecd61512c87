"""Scorers have no accounts: the printed link's token is their credential.

`Authorization: Table <token>` acts for a table (request.auth is the Table);
`Authorization: Seat <token>` acts for one seat (request.auth is the Seat), which
is what confirming the opponents' result needs. request.user stays anonymous, so
a scorer can never reach an organiser's endpoint.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from scoring import selectors
from tournaments.models import Seat, Table

TABLE_KEYWORD = "Table"
SEAT_KEYWORD = "Seat"


class TableTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request) -> tuple[AnonymousUser, Table | Seat] | None:
        parts = authentication.get_authorization_header(request).split()
        if not parts:
            return None
        keyword = parts[0].decode("latin-1")
        if keyword not in (TABLE_KEYWORD, SEAT_KEYWORD):
            # Someone else's scheme: leave it to the other authenticators.
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                _("Give the link's token after %(keyword)s, with no spaces in it.")
                % {"keyword": keyword},
                code="bad_token",
            )
        try:
            token = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(
                _("There is no table behind this link."), code="bad_token"
            ) from None
        if keyword == TABLE_KEYWORD:
            try:
                return AnonymousUser(), selectors.table_for_token(token)
            except Table.DoesNotExist:
                raise exceptions.AuthenticationFailed(
                    _("There is no table behind this link."), code="bad_token"
                ) from None
        try:
            return AnonymousUser(), selectors.seat_for_token(token)
        except Seat.DoesNotExist:
            raise exceptions.AuthenticationFailed(
                _("There is no seat behind this link."), code="bad_token"
            ) from None

    def authenticate_header(self, request) -> str:
        # Makes DRF answer 401 (not 403) when a token is missing or wrong.
        return TABLE_KEYWORD


class TableTokenScheme(OpenApiAuthenticationExtension):
    target_class = TableTokenAuthentication
    name = "tableToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": (
                "A scorer's link token: `Table <token>` from the table card's QR code, "
                "or `Seat <token>` from a seat's own link (needed to confirm)."
            ),
        }
