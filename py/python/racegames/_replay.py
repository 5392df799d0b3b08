"""A record as a replay in a notebook: plain HTML, one SVG per position, a
slider and buttons driven by a few lines of inline JavaScript (no server,
no widget library). Without JavaScript the final position shows."""

from __future__ import annotations

import html
import itertools
import json
from typing import TYPE_CHECKING, Dict, List, Optional

if TYPE_CHECKING:  # pragma: no cover
    from racegames.records import Record

#: Positions drawn at most; a longer game shows its last ones.
MAX_FRAMES = 1000

_ids = itertools.count()

_SCRIPT = """
(function () {
  var root = document.getElementById(%(id)s);
  var data = JSON.parse(root.querySelector('script[type="application/json"]').textContent);
  var board = root.querySelector('.rg-board'), label = root.querySelector('.rg-label');
  var slider = root.querySelector('input');
  function show(i) {
    i = Math.max(0, Math.min(data.svg.length - 1, i));
    slider.value = i; board.innerHTML = data.svg[i]; label.textContent = data.label[i];
  }
  slider.addEventListener('input', function () { show(+slider.value); });
  root.querySelector('.rg-first').onclick = function () { show(0); };
  root.querySelector('.rg-prev').onclick = function () { show(+slider.value - 1); };
  root.querySelector('.rg-next').onclick = function () { show(+slider.value + 1); };
  root.querySelector('.rg-last').onclick = function () { show(data.svg.length - 1); };
  show(data.svg.length - 1);
})();
"""


def replay_html(rec: "Record", notes: Optional[Dict[int, str]] = None) -> str:
    """The HTML of ``rec``'s replay: every position's picture, a step
    control, and the move that led to each position; ``notes[i]`` (an
    analysis' marks) is shown after the label of the position action ``i``
    led to."""
    # One pass, keeping no state: only the last MAX_FRAMES positions are
    # drawn, and a long game would not fit in memory as a list of states.
    state = rec.start_state()
    total = len(rec.actions)
    first = max(0, total + 1 - MAX_FRAMES)
    svgs: List[str] = []
    labels: List[str] = []
    if first == 0:
        svgs.append(state._repr_svg_())
        labels.append("start")
    for i, action in enumerate(rec.actions):
        drawn = i + 1 >= first
        if drawn:
            who = state.current_player()
            actor = "chance" if who < 0 else f"player {'ABCDEF'[who]}"
            move = state.action_to_string(action)
        rec._apply(state, i, action)
        if drawn:
            svgs.append(state._repr_svg_())
            note = (notes or {}).get(i)
            labels.append(f"{i + 1}/{total}: {actor} {move}" + (f"  {note}" if note else ""))
    ident = f"racegames-replay-{next(_ids)}"
    data = json.dumps({"svg": svgs, "label": labels}).replace("</", "<\\/")
    seats = " vs ".join(rec.tags.get(f"Player{c}", "?") for c in "ABCDEF"[: rec.game.num_players()])
    title = html.escape(
        f"{rec.tags.get('Game', rec.game.name)}: {seats}; result {rec.tags.get('Result', '*')}"
        f" ({rec.tags.get('Termination', 'unfinished')})"
    )
    last = len(svgs) - 1
    return (
        f'<div id="{ident}" class="racegames-replay">'
        f"<div><b>{title}</b></div>"
        f'<div class="rg-board">{svgs[-1]}</div>'
        f'<div><button class="rg-first">&#x23EE;</button><button class="rg-prev">&#x25C0;</button>'
        f'<input type="range" min="0" max="{last}" value="{last}" style="width:50%">'
        f'<button class="rg-next">&#x25B6;</button><button class="rg-last">&#x23ED;</button> '
        f'<span class="rg-label">{html.escape(labels[-1])}</span></div>'
        f'<script type="application/json">{data}</script>'
        f"<script>{_SCRIPT % {'id': json.dumps(ident)}}</script>"
        "</div>"
    )
