"""What every app's API shares: the schema's error answers, public reads marked as
such, and the API's error shape on every view. Each app's API views build on these."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.permissions import SAFE_METHODS

from .errors import ErrorSerializer, api_exception_handler

# Path parameters of a tournament's address and its rounds', for every app's actions.
TOURNAMENT_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)
NUMBER = OpenApiParameter(
    "number", OpenApiTypes.INT, OpenApiParameter.PATH, description="The round's number."
)


def refusals(*codes: int) -> dict[int, OpenApiResponse]:
    """Schema entries for the error answers an endpoint can give."""
    words = {
        400: "Refused: a rule, a setting or the request's shape (see `error`).",
        401: "No token, or one that opens no table.",
        403: "Not allowed for this user or token.",
        404: "No such object.",
        409: "Changed meanwhile (`conflict`, `result_changed`) or already sent "
        "(`duplicate_submission`).",
        429: "Too many wrong card codes for this table side or from this address (`throttled`); "
        "try again after Retry-After seconds.",
        503: "A service it needs is down (`printing_unavailable`: the print queue); "
        "nothing was done, try again later.",
    }
    return {code: OpenApiResponse(ErrorSerializer, description=words[code]) for code in codes}


# What any endpoint that takes a body may answer before it reads it (api.parsers).
BODY_REFUSALS = {
    "400": "The body is not valid JSON or nests too deep (`parse_error`), or is refused.",
    "413": "The body is larger than the site accepts (`too_large`).",
    "415": "The body is in a format the API does not read (`unsupported_media_type`).",
}


class ApiSchema(AutoSchema):
    """Marks reads anyone may make as needing no credentials in the schema, and lists
    the answers every endpoint with a body can give (so the schema has every status).

    drf-spectacular only recognises DRF's own permission classes for that; ours say so
    through `public_reads`.
    """

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if self.method in ("POST", "PUT", "PATCH"):
            for code, words in BODY_REFUSALS.items():
                if code not in responses:
                    responses[code] = self._get_response_for_code(
                        OpenApiResponse(ErrorSerializer, description=words),
                        code,
                        direction=direction,
                    )
        return responses

    def get_auth(self):
        auths = super().get_auth()
        public = any(getattr(p, "public_reads", False) for p in self.view.get_permissions())
        if public and self.method in SAFE_METHODS and {} not in auths:
            auths.append({})
        return auths


class ApiErrorsMixin:
    """Our error shape even before the project setting names the handler."""

    schema = ApiSchema()

    def get_exception_handler(self):
        return api_exception_handler
