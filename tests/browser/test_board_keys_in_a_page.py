"""The board from the keyboard, and focus kept in the app after a move (issue 26, items 1-2).

In each game the arrow keys move a cursor over the board (drawn on it, its place said in the
live region), and Enter plays as a click would; after the move and the bot's reply focus is
back where the pupil played: on the board, or on the first move button.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
SAID = "el => (el.querySelector('.sk-live') || {}).textContent || ''"
FOCUSED = """el => { const f = document.activeElement;
    if (!f || f === document.body) return 'body';
    if (!el.contains(f)) return 'outside';
    if (f.closest('.sk-board')) return 'board';
    if (f.matches('.sk-move, .sk-roll')) return 'button:' + f.innerText.trim();
    return 'other:' + f.className; }"""


def said(app: AppPage) -> str:
    text: str = app.app.evaluate(SAID)
    return text.replace("\u00a0", "").strip()


def press(app: AppPage, key: str) -> str:
    """Press ``key`` on the focused board; the words the live region says then."""
    before = app.app.evaluate(SAID)
    app.page.keyboard.press(key)
    app.wait_for(
        "([el, before]) => (el.querySelector('.sk-live') || {}).textContent !== before",
        [app.app.element_handle(), before],
        failing=f"nothing was said after {key}",
    )
    return said(app)


def to_the_human(app: AppPage) -> dict:
    """Roll (a dice moment) or wait for the bots until a move button is offered."""
    state = app.state()
    for _ in range(40):
        if state["moves"]:
            return state
        state = app.click(".sk-roll") if state["roll"] else app.wait_changed(state, 60)
    raise AssertionError(f"{app.name}: no move for the human: {state}")


def find_on_board(app: AppPage, words: str, most: int = 400) -> str:
    """Sweep the board row by row (right to the end, a row down, left to the end...) until
    the cursor's words contain ``words``, from the top left corner."""
    heard = ""
    for key in ("ArrowUp", "ArrowLeft"):
        while (again := press(app, key)) != heard:
            heard = again
    across, seen = "ArrowRight", 0
    while words not in heard:
        seen += 1
        assert seen < most, f"{app.name}: no {words!r} on the board; last said {heard!r}"
        again = press(app, across)
        if again == heard:  # the row's end: one down, then back the other way
            down = press(app, "ArrowDown")
            if down == heard:
                raise AssertionError(f"{app.name}: swept the board, no {words!r}")
            across = "ArrowLeft" if across == "ArrowRight" else "ArrowRight"
            again = down
        heard = again
    return heard


def focus_board(app: AppPage) -> None:
    app.app.locator(".sk-board canvas").first.focus()
    assert app.app.evaluate(FOCUSED) == "board"


@pytest.mark.parametrize(
    ("name", "enter"),
    [
        ("wolf_and_sheep", None),  # picks the sheep first, then a square (its own test)
        ("shave_a_sheep", "Press Roll"),
        ("battle_sheep", "Enter lays the tile here"),
        ("lamb_mimes", "Enter"),  # plays a card, or flips a Pasture card
        ("sheep_race", "Enter bets on it"),
    ],
)
def test_the_arrow_keys_move_a_drawn_cursor_and_enter_plays(
    open_app: OpenApp, name: str, enter: str | None
) -> None:
    app = open_app(name)
    app.wait_for_board()
    app.wait_for(
        "el => el.querySelector('.sk-board canvas[role=application]')",
        app.app.element_handle(),
        failing="the board did not get the application role (keys go to it)",
    )
    if name != "shave_a_sheep":  # (its human rolls first: Enter on the die, below)
        to_the_human(app)
    focus_board(app)
    before = app.board()["hash"]
    first = press(app, "ArrowRight")
    assert first, "the cursor's place was not said"
    assert app.wait_board_changed(before)["hash"] != before, "the cursor was not drawn"
    if enter is None:
        return  # Wolf and Sheep: test_wolf_and_sheep_by_the_keyboard_alone
    if name == "shave_a_sheep":
        # The "?" die before the roll: Enter, as a click, says that the Roll button rolls it.
        heard = find_on_board(app, "The die: waiting for a roll")
        assert "Press Roll" in press(app, "Enter"), heard
        return
    heard = find_on_board(app, enter)
    entries = app.log_lines()
    app.page.keyboard.press("Enter")
    app.wait_log(entries + 1, failing="Enter on the board played no move")
    app.assert_healthy()


def test_wolf_and_sheep_by_the_keyboard_alone(open_app: OpenApp) -> None:
    """Pick the sheep, step it, and after the Perfect wolves reply focus is on the board."""
    app = open_app("wolf_and_sheep")
    app.wait_for_board()
    to_the_human(app)
    focus_board(app)
    assert press(app, "ArrowRight").startswith("A8"), "the cursor starts on the first square"
    found = find_on_board(app, "the sheep")
    assert press(app, "Enter") == found + ", picked"
    assert (
        "picked" in app.state()["status"]
        or "Picked" in app.app.locator(".sk-board-text").inner_text()
    )
    target = find_on_board(app, "may go here")
    entries = app.log_lines()
    app.page.keyboard.press("Enter")
    app.wait_log(  # the sheep's step and the wolves' reply
        entries + 2, failing=f"Enter on {target!r} did not play (or no bot replied)"
    )
    log = app.app.locator(".sk-log li").all_inner_texts()
    assert any(target[:2] in line for line in log), (target, log)
    app.page.wait_for_timeout(500)
    assert app.app.evaluate(FOCUSED) == "board", "focus left the board after the move"
    app.assert_healthy()


@pytest.mark.parametrize("name", ["shave_a_sheep", "lamb_mimes", "wolf_and_sheep"])
def test_focus_comes_back_to_the_first_move_button(open_app: OpenApp, name: str) -> None:
    """Enter on a move button (after Roll, in Shave a Sheep): once the bot has replied and
    the new buttons show, focus is on the first of them, not on the page body."""
    app = open_app(name)
    app.wait_for_board()
    for turn in range(2):
        state = app.state()
        if state["roll"] and not state["moves"]:
            app.app.locator(".sk-roll:visible:enabled").first.focus()
            app.page.keyboard.press("Enter")
            app.wait_for(
                f"el => /^button:(?!Roll$)/.test(({FOCUSED})(el))",
                app.app.element_handle(),
                timeout=60,
                failing="focus did not move from Roll to the first move button",
            )
        state = to_the_human(app)
        entries = app.log_lines()
        app.app.locator(".sk-move:visible:enabled").last.focus()
        app.page.keyboard.press("Enter")
        app.wait_log(
            entries + 2, failing=f"turn {turn}: the move and the bot's reply were not logged"
        )
        app.wait_for(
            f"""el => {{ const f = ({FOCUSED})(el);
                const first = Array.from(el.querySelectorAll('.sk-move, .sk-roll')).find(
                    b => b.offsetParent !== null && !b.disabled);
                return first && f === 'button:' + first.innerText.trim(); }}""",
            app.app.element_handle(),
            timeout=60,
            failing=f"turn {turn}: focus is not on the first move button",
        )
    app.assert_healthy()


def test_the_app_s_closed_sections_are_headings_with_buttons(open_app: OpenApp) -> None:
    """Rules, Save / load and About the bots: a screen reader hears a heading and a button
    that says whether it is expanded, and the keyboard opens it."""
    app = open_app("wolf_and_sheep")
    app.wait_for_board()
    app.wait_for(
        "el => el.querySelector('.jupyter-widget-Collapse-header [role=button]')",
        app.app.element_handle(),
        failing="the section headers got no button",
    )
    tree = app.app.aria_snapshot()
    for title in ("Rules", "Save / load", "About the bots"):
        assert f'- heading "{title}" [level=4]' in tree, tree
        button = app.app.get_by_role("button", name=title, exact=True)
        assert button.get_attribute("aria-expanded") == "false", title
    rules = app.app.get_by_role("button", name="Rules", exact=True)
    rules.focus()
    app.page.keyboard.press("Enter")
    app.wait_for(
        "el => el.querySelector('.sk-rules')",
        app.app.element_handle(),
        failing="Enter on the Rules header did not open the rules",
    )
    app.wait_for(
        "el => Array.from(el.querySelectorAll('[role=button][aria-expanded=true]'))"
        ".some(b => b.textContent.trim() === 'Rules')",
        app.app.element_handle(),
        failing="the Rules button does not say it is expanded",
    )
    app.assert_healthy()


def test_focus_comes_back_to_a_game_panel_s_move_button(open_app: OpenApp) -> None:
    """Battle Sheep's moves are its panel's (Lay tile): after the bot's tile, focus is on the
    panel's first move button again."""
    app = open_app("battle_sheep")
    app.wait_for_board()
    to_the_human(app)
    entries = app.log_lines()
    app.app.locator(".sk-lay:visible:enabled").focus()
    app.page.keyboard.press("Enter")
    app.wait_log(entries + 2, failing="the tile and the bot's reply were not logged")
    app.wait_for(
        f"el => ({FOCUSED})(el) === 'button:Lay tile'",
        app.app.element_handle(),
        timeout=60,
        failing="focus is not back on Lay tile",
    )
    app.assert_healthy()
