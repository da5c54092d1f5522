"""Why the AI did that: its last decision's top candidates, as data and as plain text.

What a player is told: the three candidates the search rated best, each with the margin it
expected (victory points, own minus the best other side, at the end of its look-ahead), how
many look-aheads that rests on, and the reply it foresaw from the opponents (greedy's reply
in its last look-ahead of that candidate), plus greedy's one-ply value for comparison.
"""

from __future__ import annotations

TOP = 3


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
            "samples": cand.samples,
            "greedy_value": round(cand.greedy, 3),
            "reply": cand.reply.to_text() if cand.reply is not None else None,
        })
    return {"chosen": rows[0]["action"], "candidates": rows,
            "considered": len(cands), "cpu_seconds": round(agent.last_used, 3)}


def explanation_text(info: dict | None) -> str:
    """The structure in a few lines for a log or the client."""
    if info is None:
        return "AI: only one action was possible"
    lines = [f"AI chose {info['chosen']} (of {info['considered']} candidates, "
             f"{info['cpu_seconds']:.2f} s CPU):"]
    for i, row in enumerate(info["candidates"], 1):
        margin = ("not looked at" if row["expected_margin"] is None
                  else f"expected margin {row['expected_margin']:+.2f} over "
                       f"{row['samples']} look-aheads")
        reply = f"; foreseen reply: {row['reply']}" if row["reply"] else ""
        lines.append(f"  {i}. {row['label'] or row['action']}: {margin} "
                     f"(greedy {row['greedy_value']:+.2f}){reply}")
    return "\n".join(lines)
