"""A table of every registered game, for the welcome notebook."""

from __future__ import annotations

import html

from IPython.display import HTML

from ..core import game_type, games
from .page_style import PAGE_HTML


def game_table() -> HTML:
    """Each game's title, player count and rule parameters, made from the registry itself."""
    rows = []
    for name in games():
        kind = game_type(name)
        rules = kind.rules_type.infos()
        counts = kind.player_counts()
        if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
            count = f"{counts[0]}–{counts[-1]}"
        else:
            count = ", ".join(map(str, counts))
        hidden = "yes" if kind.hidden_information else "no"
        params = ", ".join(r.label.lower() for r in rules if r.name != kind.players_rule)
        rows.append(
            f"<tr><td><b>{html.escape(kind.title)}</b></td><td><code>{name}</code></td>"
            f"<td>{count}</td><td>{hidden}</td><td>{html.escape(params)}</td></tr>"
        )
    head = (
        "<tr><th>Game</th><th>Name in code</th><th>Players</th><th>Hidden cards</th>"
        "<th>Rules you can change</th></tr>"
    )
    # The page style (underlined links, focus rings) for the welcome page's text too.
    return HTML(f"{PAGE_HTML}<table>{head}{''.join(rows)}</table>")
