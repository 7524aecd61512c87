"""What the organiser's pages show of planning work: the preview's plans, built from the
stored answer (the API's shape), whether it was worked out in the request or a worker."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import PlanningJob


def asked_from_form(form) -> dict:
    """What the change form asks, by player id and name, as a job stores it."""
    data = form.cleaned_data
    return {
        "withdraw": [p.pk for p in data["withdraw"]],
        "arrive": list(data["arrive_names"]),
        "substitutes": [[p.pk, name] for p, name in data["substitute"].items()],
        "strategy": data["strategy"],
        "fingerprint": form.expected_fingerprint() or "",
    }


def resend_fields(asked: dict) -> dict:
    """The change again, as the preview's confirm form sends it back."""
    substitutes = asked.get("substitutes") or []
    return {
        "withdraw": asked.get("withdraw", []),
        "arrive": "\n".join(asked.get("arrive", [])),
        "substitute_out": substitutes[0][0] if substitutes else "",
        "substitute_in": substitutes[0][1] if substitutes else "",
    }


def preview_context(tournament, asked: dict, plans: dict) -> dict:
    """The preview page's context from the plans by strategy (RotationChangeSerializer
    data): every remaining round of each, changed or not, with its byes."""
    shown = [_plan(strategy, change) for strategy, change in plans.items()]
    first = next(iter(plans.values()))
    if not first["replanned"]:
        # A substitute alone: both plans are the same seat swap.
        shown = shown[:1]
    chosen = asked.get("strategy") or "fewest"
    return {
        "tournament": tournament,
        "change": first,
        "plans": shown,
        "chosen": chosen if any(p["strategy"] == chosen for p in shown) else "fewest",
        "resend": resend_fields(asked),
    }


def _plan(strategy: str, change: dict) -> dict:
    before = change["quality_before"].get("opponent_histogram", {})
    after = change["quality"].get("opponent_histogram", {})
    changed = {rnd["number"]: rnd for rnd in change["rounds"]}
    rounds = []
    for rnd in change["remaining_rounds"]:
        diff = changed.get(rnd["number"])
        byes_before = diff["byes_before"] if diff else rnd["byes"]
        rounds.append(
            {
                "number": rnd["number"],
                "tables": diff["tables"] if diff else [],
                "byes_before": byes_before,
                "byes_after": rnd["byes"],
                "byes_changed": set(byes_before) != set(rnd["byes"]),
                "moved": set(rnd["moved"]),
            }
        )
    return {
        "strategy": strategy,
        "fingerprint": change["fingerprint"],
        "seat_changes": change["players_moved"],
        "reprints": change["scorecards_to_reprint"],
        "quality": change["quality"],
        "quality_before": change["quality_before"],
        "rounds": rounds,
        "opponent_rows": [
            (times, before.get(times, 0), after.get(times, 0))
            for times in sorted(before.keys() | after.keys(), key=int)
        ],
    }


def done_message(job: PlanningJob) -> str:
    """What a finished generation or change says it did."""
    if job.kind == PlanningJob.Kind.GENERATE:
        return _("Rotation generated.")
    change = job.result.get("change", {})
    moved, reprints = change.get("players_moved", 0), change.get("scorecards_to_reprint", 0)
    return " ".join(
        [
            _("The remaining rounds have been re-planned."),
            ngettext("%(count)s player changes seats;", "%(count)s players change seats;", moved)
            % {"count": moved},
            ngettext(
                "%(count)s scorecard to reprint.", "%(count)s scorecards to reprint.", reprints
            )
            % {"count": reprints},
        ]
    )
