"""Why the AI did that: its last decision's top candidates, as data and as plain text.

What a player is told: the three candidates the search rated best, each with the margin it
expected (victory points, own minus the best other side, at the deepest level of decisions it
searched for that candidate), the reply it foresaw after the likeliest outcome (or, when the
agent acts again first, its own follow-up),
and the exact odds of the outcomes it weighed, plus greedy's one-ply value for comparison.
"""

from __future__ import annotations

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
    return "; odds: " + ", ".join(f"{o['outcome']} {o['probability']:.0%}" for o in shown)


def explanation_lines(info: dict | None) -> list[str]:
    """The structure as lines for a log or the client's overlay."""
    if info is None:
        return ["AI: only one action was possible"]
    lines = [f"AI chose {info['chosen']} (of {info['considered']} candidates, "
             f"{info['cpu_seconds']:.2f} s CPU):"]
    for i, row in enumerate(info["candidates"], 1):
        margin = ("not looked at" if row["expected_margin"] is None
                  else f"expected margin {row['expected_margin']:+.2f} looking "
                       f"{row['depth']} decision{'s' if row['depth'] != 1 else ''} ahead")
        foreseen = "then its own" if row["own_follow_up"] else "foreseen reply"
        reply = (f"; {foreseen}: {row['reply_label'] or row['reply']}" if row["reply"] else "")
        lines.append(f"  {i}. {row['label'] or row['action']}: {margin} "
                     f"(greedy {row['greedy_value']:+.2f}){reply}{_odds_text(row['odds'])}")
    return lines


def explanation_text(info: dict | None) -> str:
    return "\n".join(explanation_lines(info))
