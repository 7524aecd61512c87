"""A bounded fuzz run of the API from its own OpenAPI schema (/api/schema/), with
schemathesis, as the four kinds of caller the API has: an organiser (session), a
scorer with the table's token, one with a seat's token, and an anonymous visitor.

Whatever schemathesis sends, valid or not, the API must answer without a server
error and exactly as the schema says: a documented status code, content type and
body shape. Path parameters point at a real tournament, table, result and print job
(random ids would only ever meet a 404), so the fuzzing reaches the services.

Bounded so it stays a test: EXAMPLES_PER_OPERATION per operation and caller (half
valid, half not), derandomized (the same requests every run), no deadline and no
example database. A failure prints the request as a curl command to replay.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from tests.factories import UserFactory
from tests.integration.test_api import with_rotation
from tests.integration.test_api_tables import finished
from tournaments import services
from tournaments.models import PrintJob, Round, Table

# Per operation and caller: about 330 of them, so the whole API sees 2,000 requests.
EXAMPLES_PER_OPERATION = 6
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
CALLERS = ["organiser", "table-token", "seat-token", "anonymous"]


@pytest.fixture
def wsgi_in_test_transaction():
    """The WSGI app serves inside the test's transaction, as Django's test client
    does: Django would otherwise close the connection at each request's edges."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def world(postgres_db):
    """A tournament with round 1 in play: one table with a finished result waiting for
    the other side's confirmation, and one print job."""
    owner = UserFactory()
    tournament = with_rotation(owner, players=8)
    rnd = Round.objects.get(tournament=tournament, number=1)
    services.start_round(round=rnd)
    table = Table.objects.filter(round=rnd).order_by("number").first()
    seats = list(table.seats.order_by("position"))
    finished(table, seats)
    job = PrintJob.objects.create(
        tournament=tournament,
        kind=PrintJob.Kind.TABLE_CARDS,
        options={"paper": "a4", "per_page": 4},
    )
    return {"owner": owner, "tournament": tournament, "table": table, "seats": seats, "job": job}


def signed_in(user) -> dict:
    """A browser's session: its cookie, and the CSRF token its pages would send."""
    client = Client()
    client.force_login(user)
    # Any 32 letters and digits make a CSRF secret; the header may carry it unmasked.
    secret = "fuzz" * 8
    return {
        "cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": secret},
        "headers": {"X-CSRFToken": secret},
    }


@pytest.fixture(params=CALLERS)
def caller(request, world) -> dict:
    """What each kind of caller adds to a request (case.call's keyword arguments)."""
    if request.param == "organiser":
        return signed_in(world["owner"])
    if request.param == "table-token":
        return {"headers": {"Authorization": f"Table {world['table'].token}"}}
    if request.param == "seat-token":
        # The other side's seat: the one that may confirm.
        return {"headers": {"Authorization": f"Seat {world['seats'][1].token}"}}
    return {}


def real_path_parameters(operation, world) -> dict:
    """Ids and tokens of real rows; everything else (bodies, queries) is fuzzed."""
    path = operation.path
    values = {"token": world["table"].token, "number": 1}
    if path.startswith("/api/tournaments/"):
        values["id"] = world["tournament"].pk
    elif path.startswith("/api/print-jobs/"):
        values["id"] = world["job"].pk
    elif path.startswith("/api/results/"):
        values["id"] = world["table"].pk
    names = {parameter.name for parameter in operation.path_parameters}
    return {name: value for name, value in values.items() if name in names}


# Loaded once, at collection, through the site's own schema endpoint.
SCHEMA = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_the_api_answers_every_fuzzed_request_as_its_schema_says(
    operation, caller, world, wsgi_in_test_transaction
):
    fixed = real_path_parameters(operation, world)
    cases = st.one_of(
        operation.as_strategy(GenerationMode.POSITIVE, path_parameters=fixed),
        operation.as_strategy(GenerationMode.NEGATIVE, path_parameters=fixed),
    )

    @given(case=cases)
    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def fuzz(case):
        response = case.call(**caller)
        case.validate_response(response, checks=CHECKS)

    fuzz()


def test_the_schema_documents_bare_lists_and_whose_id_each_path_takes(client, postgres_db):
    paths = client.get("/api/schema/?format=json").json()["paths"]
    # The lists under a tournament answer bare arrays, not pages.
    for path in ("players", "teams", "rounds"):
        answer = paths[f"/api/tournaments/{{id}}/{path}/"]["get"]["responses"]["200"]
        assert answer["content"]["application/json"]["schema"]["type"] == "array"
    (job_id,) = paths["/api/print-jobs/{id}/"]["get"]["parameters"]
    assert job_id["description"] == "The print job's id."
    (table_id,) = paths["/api/results/{id}/"]["get"]["parameters"]
    assert table_id["description"].startswith("The table's id")
