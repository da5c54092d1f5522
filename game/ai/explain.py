"""Why the AI did that: its last decision's top candidates, as data and as plain text.

What a player is told: the three candidates the search rated best, each with the margin it
expected (victory points, own minus the best other side), how far it looked for it, the reply
it foresaw, the odds it used, and greedy's one-ply value for comparison. Two kinds of look-ahead
(`game.ai.search`): on its own turn, rollouts to the battle's end when the budget affords them,
else to the end of the opponents' next turn (the margin is their mean, with the gain over greedy's choice, seed for seed, and its standard
error; the reply is the first opponent decision of the first rollout; the dice are sampled,
so no exact odds are shown); otherwise the tree over decisions (the margin at the deepest
level searched, the reply after the likeliest outcome or, when the agent acts again first,
its own follow-up, and the exact odds of the outcomes it weighed).

Why a verdict line: the search plays its first judgement (greedy's one-ply choice) unless it
is confident that another move is better, so three close margins alone leave a player asking
why the first was picked. The verdict says whether it kept that judgement or changed it, and
by how much the change was expected to gain (with its error).
"""

from __future__ import annotations

from game.core.i18n import join, msg, nmsg

TOP = 3
#: Outcomes shown per candidate (the likeliest first).
ODDS_SHOWN = 3


def explanation(agent) -> dict | None:
    """The structure for the agent's last decision (None if it had no choice to make)."""
    cands = getattr(agent, "last", None)
    if not cands:
        return None
    turns = getattr(agent, "last_by", "tree") == "turns"
    horizon = getattr(agent, "last_horizon", 1)
    to_end = horizon is None
    first = max(cands, key=lambda c: c.greedy)  # the one-ply judgement it starts from
    rows = []
    for cand in cands[:TOP]:
        rolled = turns and bool(cand.turn_values)
        mean = cand.turn_mean if rolled else cand.mean
        reply = cand.turn_reply if rolled else cand.reply
        rows.append({
            "action": cand.action.to_text(),
            "label": cand.action.label,
            "expected_margin": None if mean == float("-inf") else round(mean, 3),
            "depth": 0 if rolled else cand.depth,
            "rollouts": len(cand.turn_values) if rolled else 0,
            "to_the_end": rolled and to_end,
            # the opponents' turns the rollouts played (None: to the battle's end)
            "turns_ahead": (None if to_end else horizon) if rolled else 0,
            "gain": round(cand.turn_gain, 3) if rolled else None,
            "gain_error": (round(cand.turn_error, 3) if rolled
                           and cand.turn_error != float("inf") else None),
            "greedy_value": round(cand.greedy, 3),
            "is_first_choice": cand is first,
            "reply": reply.to_text() if reply is not None else None,
            "reply_label": reply.label if reply is not None else None,
            "own_follow_up": False if rolled else cand.own_follow_up,
            "odds": [] if rolled else [{"outcome": label, "probability": round(p, 4)}
                                       for label, p in cand.odds[:ODDS_SHOWN]],
        })
    return {"chosen": rows[0]["action"], "chosen_label": rows[0]["label"], "candidates": rows,
            "look_ahead": "turns" if turns else "decisions",
            "first_choice": first.action.label or first.action.to_text(),
            "kept_first_choice": first is cands[0],
            "considered": len(cands), "cpu_seconds": round(agent.last_used, 3)}


def _odds_text(odds: list[dict]) -> str:
    shown = [o for o in odds if o["outcome"] not in ("no dice",)]
    if not shown:
        return ""
    return msg("; odds: {odds}", odds=join(
        msg("{outcome} {probability:.0%}", outcome=o["outcome"], probability=o["probability"])
        for o in shown))


def _gain(row: dict) -> str:
    """A rolled-out candidate's paired gain over the first judgement (none for that one)."""
    if row.get("is_first_choice") or row.get("gain") is None or row.get("gain_error") is None \
            or not row.get("rollouts"):
        return ""
    return msg(", {gain:+.2f} ± {error:.2f} against its first judgement", gain=row["gain"],
               error=row["gain_error"])


def _verdict(info: dict) -> str:
    """Whether the search kept its first judgement (greedy's one-ply choice) or changed it."""
    if info.get("kept_first_choice", True):
        return msg("It kept its first judgement (each action's expected points, one action "
                   "ahead): no other move looked better by more than half a point beyond its "
                   "uncertainty.")
    row = info["candidates"][0]
    if row.get("gain") is not None and row.get("gain_error") is not None:
        return msg("It changed its first judgement ({first}): this move was expected to gain "
                   "{gain:+.2f} ± {error:.2f} points over it, rollout for rollout.",
                   first=info["first_choice"], gain=row["gain"], error=row["gain_error"])
    return msg("It changed its first judgement ({first}): looking ahead, this move was "
               "clearly better.", first=info["first_choice"])


def _margin(row: dict) -> str:
    if row["expected_margin"] is None:
        return msg("not looked at")
    if row.get("rollouts") and row.get("to_the_end"):
        return msg("expected margin {margin:+.2f} at the battle's end ({rollouts})",
                   margin=row["expected_margin"],
                   rollouts=nmsg("{n} rollout", "{n} rollouts", row["rollouts"]))
    if row.get("rollouts") and (row.get("turns_ahead") or 1) > 1:
        return msg("expected margin {margin:+.2f} after the opponents' next {turns} "
                   "({rollouts})", margin=row["expected_margin"],
                   turns=nmsg("{n} turn", "{n} turns", row["turns_ahead"]),
                   rollouts=nmsg("{n} rollout", "{n} rollouts", row["rollouts"]))
    if row.get("rollouts"):
        return msg("expected margin {margin:+.2f} after the opponents' next turn ({rollouts})",
                   margin=row["expected_margin"],
                   rollouts=nmsg("{n} rollout", "{n} rollouts", row["rollouts"]))
    return msg("expected margin {margin:+.2f} looking {depth} ahead", margin=row["expected_margin"],
               depth=nmsg("{n} decision", "{n} decisions", row["depth"]))


def explanation_lines(info: dict | None) -> list[str]:
    """The structure as lines for a log or the client's overlay (Msgs: shown translated)."""
    if info is None:
        return [msg("AI: only one action was possible")]
    lines = [msg("AI chose {action} (of {considered} candidates, {cpu:.2f} s CPU):",
                 action=info.get("chosen_label") or info["chosen"],
                 considered=info["considered"], cpu=info["cpu_seconds"])]
    for i, row in enumerate(info["candidates"], 1):
        reply = ""
        if row["reply"]:
            shown = row["reply_label"] or row["reply"]
            reply = msg("; then its own: {reply}", reply=shown) if row["own_follow_up"] \
                else msg("; foreseen reply: {reply}", reply=shown)
        head = msg("  {rank}. {action}: {margin} (greedy {greedy:+.2f})", rank=i,
                   action=row["label"] or row["action"], margin=_margin(row),
                   greedy=row["greedy_value"])
        # no empty part: gettext's "" is the catalog's header
        lines.append(join([p for p in (head, _gain(row), reply, _odds_text(row["odds"]))
                           if p], ""))
    lines.append(_verdict(info))
    return lines


def explanation_text(info: dict | None) -> str:
    return join(explanation_lines(info), "\n")
