"""The API's JSON parser: DRF's, with a bound on nesting.

No endpoint takes more than a few levels of nesting (a correction's hands are three),
so a deeper body is refused with a 400 in the API's error shape before anything looks
at it, instead of reaching Python's recursion limit (a 500). Size is bounded before
parsing, by Django's DATA_UPLOAD_MAX_MEMORY_SIZE.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, parsers
from rest_framework.utils import json

# Deepest a body we accept can be: {"hands": [{"alone": [0]}]} is 3 levels.
MAX_DEPTH = 16


class BoundedJSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        # DRF hands JSON parsers request.body, which Django has already refused past
        # DATA_UPLOAD_MAX_MEMORY_SIZE (RequestDataTooBig, a 413 in api.errors).
        encoding = parsers.get_encoding(parser_context or {})
        try:
            data = json.loads(
                stream.read().decode(encoding),
                parse_constant=json.strict_constant if self.strict else None,
            )
        except RecursionError:
            raise _too_deep() from None
        except ValueError as exc:  # bad JSON, bad encoding, NaN or Infinity
            raise exceptions.ParseError(
                _("The request is not valid JSON: %(reason)s") % {"reason": exc}
            ) from None
        if _depth_exceeds(data, MAX_DEPTH):
            raise _too_deep()
        return data


def _too_deep() -> exceptions.ParseError:
    return exceptions.ParseError(
        _("The request nests lists or objects more than %(depth)s levels deep.")
        % {"depth": MAX_DEPTH}
    )


def _depth_exceeds(data: object, limit: int) -> bool:
    """Whether `data` nests deeper than `limit`, walked without recursion."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False
