"""The die designer: see the die as six faces, change any face, then play or simulate it.

Each face is drawn as one or two coloured halves, each with its action word (colour is never
the only cue). A face is changed with two drop-downs: its first action, and an optional
second one. The Rules check every die, and their message is shown as it is. A die is saved
and loaded as the small JSON object of ``rules.die_to_json``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ...core import InvalidRules
from ...ui.page_style import PAGE_HTML, SR_LABEL
from .drawing import FACE_FILL, FACE_INK
from .rules import (
    ACTIONS,
    BASE_DIE,
    COLOURS,
    HOWLING_DIE,
    Face,
    ShaveASheepRules,
    die_from_json,
    die_to_json,
    face_name,
)

NONE = "(none)"
PRESETS = {"Base die": BASE_DIE, "Howling Wolf die": HOWLING_DIE}


def face_html(face: Face, number: int | None = None) -> str:
    """A face as a small square of one or two coloured halves, each with its action word."""
    halves = []
    for action in face:
        colour = COLOURS[action]
        big = "<div style='font-size:22px;font-weight:bold'>x2</div>" if colour == "x2" else ""
        halves.append(
            f"<div style='flex:1;background:{FACE_FILL[colour]};color:{FACE_INK[colour]};"
            "display:flex;flex-direction:column;align-items:center;justify-content:center;"
            "border-left:1px solid #222'>"
            f"{big}<div style='font-weight:bold;font-size:13px'>{action}</div>"
            f"<div style='font-size:11px'>{colour if colour != 'x2' else ''}</div></div>"
        )
    title = f"<div style='text-align:center;font-size:12px'>face {number}</div>" if number else ""
    return (
        f"{title}<div class='sk-face-picture' title='{html.escape(face_name(face))}' "
        "style='display:flex;width:104px;height:72px;border:2px solid #222;"
        f"border-radius:8px;overflow:hidden'>{''.join(halves)}</div>"
    )


class DieDesigner(w.VBox):
    """Change the die face by face; "Play" and "Simulate" use it with the given rules.

    ``on_play(rules)`` is called by "Play with this die" (the app passes its ``new_game``);
    without it a new app opens below the designer.
    """

    def __init__(
        self,
        rules: ShaveASheepRules | None = None,
        *,
        on_play: Callable[[ShaveASheepRules], Any] | None = None,
        games: int = 300,
        seed: int = 0,
    ) -> None:
        self.base_rules = rules or ShaveASheepRules()
        self.on_play = on_play
        self.games, self.seed = games, seed
        options = [(f"{a} ({COLOURS[a]})", a) for a in ACTIONS]
        self.pictures: list[w.HTML] = []
        self.firsts: list[w.Dropdown] = []
        self.seconds: list[w.Dropdown] = []
        columns = []
        for number in range(1, 7):
            picture = w.HTML()
            picture.add_class("sk-die-face")
            # Named for screen readers ("Face 1, first action"); the picture above says which
            # face it is to the eye, so the names are visually hidden (SR_LABEL).
            first = w.Dropdown(
                options=options,
                description=f"Face {number}, first action",
                layout=w.Layout(width="112px"),
            )
            second = w.Dropdown(
                options=[(NONE, NONE), *options],
                description=f"Face {number}, second action",
                layout=w.Layout(width="112px"),
            )
            first.add_class(f"sk-face-{number}-first")
            second.add_class(f"sk-face-{number}-second")
            for box in (first, second):
                box.add_class(SR_LABEL)
            for box in (first, second):
                box.observe(lambda _: self._changed(), "value")
            self.pictures.append(picture)
            self.firsts.append(first)
            self.seconds.append(second)
            columns.append(w.VBox([picture, first, second], layout=w.Layout(margin="0 6px 6px 0")))
        self.faces_box = w.HBox(columns, layout=w.Layout(flex_flow="row wrap"))
        self.error = w.HTML()
        self.error.add_class("sk-die-error")
        self.preset = w.Dropdown(options=list(PRESETS), description="Start from")
        self.preset_button = w.Button(description="Use this die")
        self.preset_button.on_click(lambda _: self.set_die(PRESETS[self.preset.value]))
        self.play_button = w.Button(description="Play with this die", button_style="success")
        self.play_button.add_class("sk-die-play")
        self.play_button.on_click(lambda _: self.play())
        self.simulate_button = w.Button(
            description=f"Simulate {games} games",
            button_style="info",
            layout=w.Layout(width="auto"),
        )
        self.simulate_button.add_class("sk-die-simulate")
        self.simulate_button.on_click(lambda _: self.simulate())
        self.result = w.HTML()
        self.result.add_class("sk-die-result")
        self.json_text = w.Textarea(
            placeholder='{"format": "sheepkit-die", "faces": [["grow"], ...]}',
            layout=w.Layout(width="100%", height="90px"),
        )
        self.json_text.add_class("sk-die-json")
        self.save_button = w.Button(description="Save as JSON")
        self.save_button.add_class("sk-die-save")
        self.save_button.on_click(lambda _: self.save())
        self.load_button = w.Button(description="Load JSON")
        self.load_button.add_class("sk-die-load")
        self.load_button.on_click(lambda _: self.load(self.json_text.value))
        self.play_area = w.VBox()
        self._quiet = False
        super().__init__(
            [
                w.HTML(
                    PAGE_HTML
                    + "<b>The die</b>: each face shows one or two actions; pick them below."
                ),
                self.faces_box,
                self.error,
                w.HBox([self.preset, self.preset_button]),
                w.HBox([self.play_button, self.simulate_button]),
                self.result,
                w.HBox([self.save_button, self.load_button]),
                self.json_text,
                self.play_area,
            ]
        )
        self.add_class("sk-die-designer")
        self.set_die(self.base_rules.die)

    # -- the die ------------------------------------------------------------------------------
    @property
    def die(self) -> tuple[Face, ...]:
        """The die as the drop-downs show it (maybe invalid: see :meth:`rules`)."""
        faces = []
        for first, second in zip(self.firsts, self.seconds, strict=True):
            face = (first.value,) if second.value == NONE else (first.value, second.value)
            faces.append(face)
        return tuple(faces)

    def set_die(self, die: tuple[Face, ...]) -> None:
        self._quiet = True  # one redraw for six faces, not twelve
        try:
            for face, first, second in zip(die, self.firsts, self.seconds, strict=True):
                first.value = face[0]
                second.value = face[1] if len(face) > 1 else NONE
        finally:
            self._quiet = False
        self._changed()

    def rules(self) -> ShaveASheepRules:
        """The rules with this die (InvalidRules if the Rules reject the die)."""
        return self.base_rules.replace(die=self.die)

    def _changed(self) -> None:
        if self._quiet:
            return
        for number, (picture, face) in enumerate(zip(self.pictures, self.die, strict=True), 1):
            picture.value = face_html(face, number)
        try:
            self.rules()
        except InvalidRules as e:
            self.error.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
            ok = False
        else:
            self.error.value = ""
            ok = True
        self.play_button.disabled = self.simulate_button.disabled = not ok
        self.save_button.disabled = not ok
        self.result.value = ""  # results belong to the die they were made with

    # -- play, simulate, save and load --------------------------------------------------------
    def play(self) -> Any:
        """Start a game with this die: in the app that made the designer, or a new app."""
        rules = self.rules()
        if self.on_play is not None:
            return self.on_play(rules)
        from ...ui import GameApp
        from .engine import ShaveASheep

        app = GameApp(ShaveASheep(rules))
        self.play_area.children = (app.widget,)
        return app

    def simulate(self) -> Any:
        """Seeded games with this die: length, first-player share and how much choice matters."""
        from .lesson import analyse

        self.result.value = "<i>Simulating… (with two players the game is solved first)</i>"
        analysis = analyse(self.rules(), self.games, self.seed, name="Your die")
        rows = "".join(f"<li>{html.escape(line.strip())}</li>" for line in analysis.lines()[1:])
        self.result.value = (
            f"<b>{self.games} seeded games per question</b> (95% intervals in brackets)"
            f"<ul style='margin:2px 0'>{rows}</ul>"
        )
        return analysis

    def save(self) -> str:
        text = json.dumps(die_to_json(self.die))
        self.json_text.value = text
        return text

    def load(self, text: str) -> None:
        try:
            die = die_from_json(text)
        except InvalidRules as e:
            self.error.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
            return
        self.set_die(die)
