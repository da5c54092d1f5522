"""Why the AI did that: its last decision's top candidates, as data and as plain text.

What a player is told: the three candidates the search rated best, each with the margin it
expected (victory points, own minus the best other side, at the deepest level of decisions it
searched for that candidate), the reply it foresaw after the likeliest outcome (or, when the
agent acts again first, its own follow-up),
and the exact odds of the outcomes it weighed, plus greedy's one-ply value for comparison.
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
    rows = []
    for cand in cands[:TOP]:
        rows.append({
            "action": cand.action.to_text(),
            "label": cand.action.label,
            "expected_margin": None if cand.mean == float("-inf") else round(cand.mean, 3),
            "depth": cand.depth,
            "greedy_value": round(cand.greedy, 3),
            "reply": cand.reply.to_text() if cand.reply is not None else None,
            "reply_label": cand.reply.label if cand.reply is not None else None,
            "own_follow_up": cand.own_follow_up,
            "odds": [{"outcome": label, "probability": round(p, 4)}
                     for label, p in cand.odds[:ODDS_SHOWN]],
        })
    return {"chosen": rows[0]["action"], "candidates": rows,
            "considered": len(cands), "cpu_seconds": round(agent.last_used, 3)}


def _odds_text(odds: list[dict]) -> str:
    shown = [o for o in odds if o["outcome"] not in ("no dice",)]
    if not shown:
        return ""
    return msg("; odds: {odds}", odds=join(
        msg("{outcome} {probability:.0%}", outcome=o["outcome"], probability=o["probability"])
        for o in shown))


def _margin(row: dict) -> str:
    if row["expected_margin"] is None:
        return msg("not looked at")
    return msg("expected margin {margin:+.2f} looking {depth} ahead", margin=row["expected_margin"],
               depth=nmsg("{n} decision", "{n} decisions", row["depth"]))


def explanation_lines(info: dict | None) -> list[str]:
    """The structure as lines for a log or the client's overlay (Msgs: shown translated)."""
    if info is None:
        return [msg("AI: only one action was possible")]
    lines = [msg("AI chose {action} (of {considered} candidates, {cpu:.2f} s CPU):",
                 action=info["chosen"], considered=info["considered"], cpu=info["cpu_seconds"])]
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
        lines.append(join([p for p in (head, reply, _odds_text(row["odds"])) if p], ""))
    return lines


def explanation_text(info: dict | None) -> str:
    return join(explanation_lines(info), "\n")
