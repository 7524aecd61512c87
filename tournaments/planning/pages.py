"""What the organiser's pages show of planning work: the preview's plans and what
removing a player does, built from the stored answer (the API's shape), whether it was
worked out in the request or a worker."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import PlanningJob, PrintJob
from tournaments.partner_names import partners
from tournaments.printing.reprints import printouts_to_redo
from tournaments.services import reprints


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
        "counts": change_counts(change),
        "reprints": change["scorecards_to_reprint"],
        "quality": change["quality"],
        "quality_before": change["quality_before"],
        "rounds": rounds,
        "opponent_rows": [
            (times, before.get(times, 0), after.get(times, 0))
            for times in sorted(before.keys() | after.keys(), key=int)
        ],
    }


def removal_context(tournament, player: dict, removal: dict) -> dict:
    """The removal page's context from what removing `player` ({"pk", "name"}) does
    (PlayerRemovalSerializer data): the outcome, and each re-planned round that moves
    anyone as before → after lines."""
    change = removal.get("change")
    return {
        "tournament": tournament,
        "player": player,
        "removal": removal,
        "change": change,
        "changed_rounds": [_round_diff(rnd) for rnd in change["rounds"]] if change else [],
        "unchanged": (
            [rnd["number"] for rnd in change["remaining_rounds"] if not rnd["changed"]]
            if change
            else []
        ),
        "quality": change["quality"] if change else None,
        "change_counts": change_counts(change) if change else [],
    }


def _round_diff(rnd: dict) -> dict:
    return {
        "number": rnd["number"],
        "tables": [
            {
                "number": table["number"],
                "before": _seating_text(table["before"]),
                "after": _seating_text(table["after"]),
            }
            for table in rnd["tables"]
        ],
        "byes_before": rnd["byes_before"],
        "byes_after": rnd["byes_after"],
        "byes_changed": set(rnd["byes_before"]) != set(rnd["byes_after"]),
    }


def _seating_text(sides) -> str:
    vs = f" {_('vs')} "
    return vs.join(partners(side) for side in sides)


def removal_done_message(name: str, removal: dict) -> str:
    """What a removal done says (PlayerRemovalSerializer data): what happened to the
    player and, when the rounds were re-planned, the change's counts."""
    said = removed_message(name, removal.get("outcome", ""))
    if not removal.get("change"):
        return said
    return " ".join([said, *change_counts(removal["change"])])


def removed_message(name: str, outcome: str) -> str:
    """What a removal done says it did."""
    if outcome == "withdraw":
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
        # with the name's gender.
        return _("%(name)s has left; the rounds not started are re-planned.") % {"name": name}
    if outcome == "replan":
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
        # with the name's gender.
        return _("Player removed: %(name)s; the rotation is re-planned.") % {"name": name}
    if outcome == "discard":
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
        # with the name's gender.
        return _("Player removed: %(name)s; generate the rotation again.") % {"name": name}
    # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
    # with the name's gender.
    return _("Player removed: %(name)s.") % {"name": name}


def done_message(job: PlanningJob) -> str:
    """What a finished generation, change or removal says it did."""
    if job.kind == PlanningJob.Kind.GENERATE:
        return _("Rotation generated.")
    if job.kind == PlanningJob.Kind.REMOVE:
        return removal_done_message(job.asked.get("name", ""), job.result.get("removal", {}))
    return applied_message(job.result.get("change", {}))


def applied_message(change: dict) -> str:
    """What a change of the night says once made (RotationChangeSerializer data)."""
    return " ".join([_("The remaining rounds have been re-planned."), *change_counts(change)])


def change_counts(change: dict) -> list[str]:
    """The change's two numbers as sentences (RotationChangeSerializer data), the same
    on the preview, once it is made and on the tournament page: see rotations.moves."""
    return counts_sentences(
        change.get("sit_elsewhere", 0), change.get("new_partner_or_opponent", 0)
    )


def counts_sentences(sit_elsewhere: int, new_table_mates: int) -> list[str]:
    return [
        ngettext(
            "%(count)s player sits somewhere else.",
            "%(count)s players sit somewhere else.",
            sit_elsewhere,
        )
        % {"count": sit_elsewhere},
        ngettext(
            "%(count)s scorecard lists a changed partner or opponent.",
            "%(count)s scorecards list a changed partner or opponent.",
            new_table_mates,
        )
        % {"count": new_table_mates},
    ]


def reprint_list(tournament) -> dict:
    """The tournament page's list of printouts to redo after changes of the night:
    each with its words and the kind its one-tap button prints, and the last change's
    counts."""
    printouts = [
        {"kind": redo.kind, "label": _printout_label(redo.kind, redo.numbers)}
        for redo in printouts_to_redo(tournament)
    ]
    last = reprints.last_change(tournament)
    return {
        "reprint_printouts": printouts,
        "last_change": (
            counts_sentences(last.get("sit_elsewhere", 0), last.get("new_table_mates", 0))
            if last
            else []
        ),
    }


def _printout_label(kind: str, numbers: tuple[int, ...]) -> str:
    listed = ", ".join(str(n) for n in numbers)
    if kind == PrintJob.Kind.TABLE_CARDS:
        return ngettext(
            "The table card of table %(tables)s",
            "The table cards of tables %(tables)s",
            len(numbers),
        ) % {"tables": listed}
    if kind == PrintJob.Kind.FIND_YOUR_SEAT:
        return ngettext(
            "The find-your-seat sheet of round %(rounds)s",
            "The find-your-seat sheets of rounds %(rounds)s",
            len(numbers),
        ) % {"rounds": listed}
    return _("The rotation chart")
