"""Hands a phone kept while it was offline, sent again in order once it is back.

The phone's queue (static/js/hand_queue.js) posts each kept hand to the table page
exactly as its form would, with the header below, and needs a plain answer instead
of a page: was this hand stored (now, or already by an earlier send of the same
idempotency key), and if not, the rule's message. Saving itself stays in the view's
own handlers, so a queued hand is checked and stored the same way as a tapped one.

The answer carries versions so the phone can send the next kept hand: `version` is
the result's version right after this hand was stored (what the next hand of the
queue expects) and `current` the version now. A hand refused because the result moved
on meanwhile (another phone entered hands) also says whether it is the very hand last
stored there (`repeat`): then the phone asks before storing it a second time.

The page itself carries the engine's answers for moving on while hands wait
(`queue_facts`): the phone looks them up and adds, and decides no rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.http import JsonResponse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine import EngineError, hand_to_json, offered, outcomes, parse_hand, side_scores
from scoring.engine.outcomes import PASSED
from scoring.engine.rounds import dealer_after
from tournaments.models import Table, Tournament

from . import selectors
from .forms import HandForm, OutcomeForm
from .models import ResultChange, TableResult
from .outcome_buttons import detail_question

QUEUE_HEADER = "X-Hand-Queue"


def is_queued_send(request) -> bool:
    return request.method == "POST" and request.headers.get(QUEUE_HEADER) == "1"


def queued_answer(
    request,
    table: Table,
    *,
    forms: Sequence = (),
    note: str = "",
    asking: dict | None = None,
) -> JsonResponse:
    """Whether the posted hand is stored, judged by its idempotency key alone: a
    change with that key at this table exists only if the hand was stored.

    Else why not: the posted `forms` with their errors, a `note` the page would show
    as an error (a stale page, say), or the question `asking` for a missing answer."""
    key = request.POST.get("idempotency_key", "")
    change = (
        ResultChange.objects.filter(table=table, idempotency_key=key).only("version").first()
        if key
        else None
    )
    current = TableResult.objects.filter(table=table).values_list("version", flat=True).first()
    current = current or 0
    errors = _drained_errors(request)
    if change is not None:
        # The success message stays for the page the phone shows next.
        return JsonResponse({"stored": True, "version": change.version, "current": current})
    # A tap kept without the answer a rule needs (a page older than its questions):
    # the server asked instead of storing; say which answer is missing.
    question = str(asking["question"].question) if asking else None
    missing = [_("This hand needs one more answer: %(question)s") % {"question": question}]
    errors = [*(missing if question else []), *_form_errors(forms, note), *errors] or [
        _("This hand was not stored. Check it and enter it again.")
    ]
    answer: dict = {"stored": False, "current": current, "errors": errors}
    if question:
        answer["question"] = question
    if str(current) != request.POST.get("version", ""):
        repeat = _repeat_of_last(request, selectors.table_summary(table))
        if repeat is not None:
            answer["repeat"] = repeat
    return JsonResponse(answer, status=422)


# What makes two hands the same hand for a scorer: who dealt, who made trump, who went
# alone and how it ended (a detailed hand's tricks stand for its result).
_SAME_HAND = ("passed", "dealer", "makers", "maker", "alone", "result", "tricks")


def _repeat_of_last(request, summary: selectors.TableSummary) -> dict | None:
    """The last stored hand, when the refused hand posted is that same hand."""
    hands = summary.hands
    posted = _posted_hand(request, summary)
    if not hands or posted is None:
        return None
    last = hands[-1]
    try:
        same = _same_hand_key(posted) == _same_hand_key(last)
    except EngineError:
        return None
    if not same:
        return None
    return {
        "number": len(hands),
        "words": selectors.describe_hand(last, summary.names, summary.rules.sides),
        "next": len(hands) + 1,
    }


def _same_hand_key(hand: dict) -> tuple:
    stored = hand_to_json(parse_hand(hand))
    return tuple(stored.get(name) for name in _SAME_HAND)


def _posted_hand(request, summary: selectors.TableSummary) -> dict | None:
    """The hand a kept post stands for, as the engine would store it, or None. A one-tap
    hand names the dealer the phone showed for it (the page's own form does not)."""
    action = request.POST.get("action")
    try:
        if action == "outcome":
            form = OutcomeForm(request.POST, summary=summary)
            dealer = form.data.get("dealer", "")
            if not form.is_valid() or not str(dealer).isdigit():
                return None
            if form.next_detail(dealer=int(dealer)) is not None:
                return None  # not a whole hand: a question was still to answer
            return form.to_hand(dealer=int(dealer))
        if action == "hand":
            hand_form = HandForm(request.POST, summary=summary)
            return hand_form.to_hand() if hand_form.is_valid() else None
    except EngineError:
        return None
    return None


def queue_facts(summary: selectors.TableSummary, *, by_outcome: bool) -> dict:
    """The engine's answers the phone needs to move the page on while hands wait: who
    deals after each seat, what each one-tap result adds to each side and whether it
    counts as a hand played, which results each dealer's hand offers, the hands left
    or the target. The phone only looks these up and adds."""
    rules = summary.rules
    tournament = summary.tournament
    by_game = tournament.round_play == Tournament.RoundPlay.GAME
    evaluation = summary.evaluation
    facts: dict = {
        "version": summary.version,
        "hand": len(summary.hands) + 1,
        # None: the first hand's dealer is the one chosen on the form.
        "dealer": summary.next_dealer if summary.hands else None,
        "scores": [side.score for side in summary.sides],
        "nextDealer": {str(seat): dealer_after(rules, seat) for seat in rules.seats},
        "names": summary.names,
        "handsLeft": None if by_game else tournament.hands_per_round - summary.counted,
        "target": rules.target if by_game else None,
        "complete": bool(evaluation and evaluation.complete),
        "shownAt": timezone.now().isoformat(),
        "outcomes": {},
        "offered": {},
    }
    if by_outcome:
        facts["outcomes"] = {
            outcome.code: {
                "points": list(side_scores(rules, outcome.points)),
                "counts": outcome.kind != PASSED,
            }
            for outcome in outcomes(rules)
        }
        facts["offered"] = {
            str(dealer): [outcome.code for outcome in offered(rules, dealer)]
            for dealer in rules.seats
        }
        facts["questions"] = _questions(summary)
    return facts


# More questions than any rule asks of one tap (who named trump, which maker went
# alone, the Benny): a bound, so that a tree can never run on.
_MOST_QUESTIONS = 4


# The trees of the tables seen lately: they hang on the rules, the names and the
# language alone, not on the hands, and the engine takes a moment to work them out
# (a six-handed table's, a fifth of a second), too long for every tap's page.
_SEEN_TREES: dict[tuple, dict] = {}
_MOST_TREES = 64


def _questions(summary: selectors.TableSummary) -> dict:
    """For each dealer, the questions each offered result asks before it can be stored,
    as a tree: the one the server would ask on the tap, then, for each answer, the one
    it would ask on that answer's post (None when it would store the hand)."""
    key = (summary.rules, tuple(summary.names), get_language())
    if key not in _SEEN_TREES:
        if len(_SEEN_TREES) >= _MOST_TREES:
            _SEEN_TREES.clear()
        _SEEN_TREES[key] = _work_out_questions(summary)
    return _SEEN_TREES[key]


def _work_out_questions(summary: selectors.TableSummary) -> dict:
    questions: dict = {}
    for dealer in summary.rules.seats:
        asked = {
            outcome.code: node
            for outcome in offered(summary.rules, dealer)
            if (node := _question_after(summary, outcome.code, dealer, {})) is not None
        }
        if asked:
            questions[str(dealer)] = asked
    return questions


def _question_after(
    summary: selectors.TableSummary, code: str, dealer: int, answers: dict[str, str]
) -> dict | None:
    """The question the one-tap form asks once `answers` are posted with the tap, as the
    page's own form and the engine decide it online, with its answers' questions."""
    if len(answers) >= _MOST_QUESTIONS:
        return None
    data = {"version": summary.version, "idempotency_key": "-", "outcome": code}
    form = OutcomeForm({**data, "dealer": dealer, **answers}, summary=summary)
    detail = form.next_detail(dealer=dealer) if form.is_valid() else None
    if detail is None:
        return None
    outcome, given = form.cleaned_data["outcome"], form.facts()
    question = detail_question(summary, outcome, detail, dealer=dealer, given=given)
    return {
        "name": question.name,
        "question": question.question,
        "choices": [
            {
                "value": value,
                "words": words,
                "next": _question_after(summary, code, dealer, {**answers, question.name: value}),
            }
            for value, words in question.choices
        ],
    }


def _form_errors(forms: Sequence, note: str) -> list[str]:
    """The refused forms' errors, after the note that tells an error (a stale page)."""
    said = [str(note)] if note else []
    for form in forms:
        for name, errors in form.errors.items():
            field = form.fields.get(name)
            for error in errors:
                said.append(f"{field.label}: {error}" if field is not None else str(error))
    return said


def _drained_errors(request) -> list[str]:
    """Error messages the handler left for the next page, taken out: the phone shows
    them beside the refused hand instead, and they would be stale on the next page."""
    storage = messages.get_messages(request)
    kept, errors = [], []
    for message in storage:
        (errors if message.level >= messages.ERROR else kept).append(message)
    for message in kept:
        messages.add_message(request, message.level, message.message, message.extra_tags)
    return [str(message.message) for message in errors]
