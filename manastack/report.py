"""A self-contained HTML matchup report for a simulation (``manastack simulate --html``).

The plot of game lengths is drawn with matplotlib into an embedded base64 PNG when
matplotlib is installed (``pip install 'manastack[sim]'``), else as inline SVG: the file
never loads anything from elsewhere.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter


def _length_counts(result):
    """{turns: [deck A wins, deck B wins, draws]} over the games."""
    counts: dict[int, list[int]] = {}
    for t, w in zip(result.turns, result.winners):
        row = counts.setdefault(t, [0, 0, 0])
        row[2 if w is None else w] += 1
    return dict(sorted(counts.items()))


def _plot_png(result) -> str | None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    counts = _length_counts(result)
    xs = list(counts)
    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=100)
    bottom = [0] * len(xs)
    labels = [f"{result.decks[0]} wins", f"{result.decks[1]} wins", "draws"]
    for k, colour in zip(range(3), ("#2e7d32", "#c62828", "#9e9e9e")):
        ys = [counts[x][k] for x in xs]
        if any(ys):
            ax.bar(xs, ys, bottom=bottom, color=colour, label=labels[k], width=0.85)
            bottom = [b + y for b, y in zip(bottom, ys)]
    from matplotlib.ticker import MaxNLocator
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("game length (turns)")
    ax.set_ylabel("games")
    ax.set_title("Game lengths by outcome")
    ax.legend(frameon=False)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _plot_svg(result) -> str:
    counts = _length_counts(result)
    if not counts:
        return "<p>No games.</p>"
    xs = list(counts)
    lo, hi = min(xs), max(xs)
    top = max(sum(v) for v in counts.values())
    w, h, pad = 720, 260, 30
    bw = (w - 2 * pad) / (hi - lo + 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 30}" '
             f'role="img" aria-label="game lengths">']
    for x, row in counts.items():
        y0 = h
        for k, colour in zip(range(3), ("#2e7d32", "#c62828", "#9e9e9e")):
            bh = (h - pad) * row[k] / top
            if bh:
                parts.append(f'<rect x="{pad + (x - lo) * bw:.1f}" y="{y0 - bh:.1f}" '
                             f'width="{bw * 0.85:.1f}" height="{bh:.1f}" fill="{colour}"/>')
                y0 -= bh
    for x in range(lo, hi + 1, max(1, (hi - lo) // 10 or 1)):
        parts.append(f'<text x="{pad + (x - lo + 0.4) * bw:.1f}" y="{h + 15}" '
                     f'font-size="11" text-anchor="middle">{x}</text>')
    parts.append(f'<text x="{w / 2}" y="{h + 28}" font-size="12" '
                 f'text-anchor="middle">game length (turns)</text></svg>')
    return "".join(parts)


def html_report(result) -> str:
    """The report as one HTML string."""
    r = result
    e = html.escape
    rows = []
    for i in (0, 1):
        lo, hi = r.wilson(i)
        rows.append(f"<tr><td>{e(r.decks[i])}</td><td>{e(r.agents[i])}</td>"
                    f"<td>{r.wins[i]}</td><td>{100 * r.win_rate(i):.1f}%</td>"
                    f"<td>{100 * lo:.1f}% – {100 * hi:.1f}%</td>"
                    f'<td><div class="bar"><div style="width:{100 * r.win_rate(i):.1f}%">'
                    f"</div></div></td></tr>")
    png = _plot_png(r)
    plot = (f'<img alt="game lengths" src="data:image/png;base64,{png}">' if png
            else _plot_svg(r))
    turns = Counter(r.turns)
    common = ", ".join(f"{t} turns ×{n}" for t, n in turns.most_common(3))
    d = r.to_dict()
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>manastack matchup: {e(r.decks[0])} vs {e(r.decks[1])}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 860px; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .35em .8em; text-align: left; }}
.bar {{ width: 160px; height: 12px; background: #eee; }}
.bar div {{ height: 12px; background: #1565c0; }}
.meta {{ color: #666; font-size: .9em; }}
</style></head><body>
<h1>{e(r.decks[0])} vs {e(r.decks[1])}</h1>
<p class="meta">{r.games} games, seed {r.seed}, seats alternating (deck A is player 1 in
even games); agents {e(r.agents[0])} / {e(r.agents[1])}; turn limit
{r.max_turns or "none"}; {r.workers} worker(s) ({e(r.backend)}), {r.seconds:.1f} s.</p>
<h2>Win rates</h2>
<table><tr><th>deck</th><th>agent</th><th>wins</th><th>win rate</th>
<th>95% CI (Wilson)</th><th></th></tr>
{''.join(rows)}
<tr><td>draws</td><td></td><td>{r.draws}</td>
<td>{100 * d["draw_rate"]:.1f}%</td><td></td><td></td></tr></table>
<h2>Game length</h2>
<p>Average {r.avg_turns:.1f} turns and {r.avg_decisions:.1f} decisions per game
(most common: {e(common)}).</p>
{plot}
</body></html>
"""


def write_html(result, path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(html_report(result))
