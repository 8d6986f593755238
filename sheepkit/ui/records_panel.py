"""The app's Save / load section: a game's record as JSON, to save, paste or upload."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from ..session import MAX_RECORD_CHARS, load_refused
from .download import download_link


class RecordsPanel:
    """Save the game as a JSON record, or paste/upload one to continue from it."""

    def __init__(self, save: Callable[[], str], load: Callable[[str], None]) -> None:
        self.save, self.load = save, load
        self.text = w.Textarea(
            placeholder="Records appear here; paste one to load it.",
            layout=w.Layout(width="100%", height="140px"),
        )
        self.text.add_class("sk-record")
        self.text.observe(self._typed, "value")
        self.save_button = w.Button(description="Save record")
        self.save_button.add_class("sk-save")
        self.save_button.on_click(lambda _: self._save())
        self.load_button = w.Button(description="Load record")
        self.load_button.add_class("sk-load")
        self.load_button.on_click(lambda _: self._load(self.text.value))
        self.upload = w.FileUpload(accept=".json", description="Upload .json")
        self.upload.observe(self._uploaded, "value")
        self.download = w.HTML()
        self.note = w.HTML()
        self.widget = w.VBox(
            [
                w.HBox([self.save_button, self.load_button, self.upload]),
                self.text,
                self.download,
                self.note,
            ]
        )

    def _save(self) -> None:
        text = self.save()
        self.text.value = text
        self.download.value = download_link(text, "game.json")

    def _refuse(self, message: str) -> None:
        self.note.value = f"<span style='color:#b00020'>{html.escape(message)}</span>"

    def _load(self, text: str) -> None:
        refused = load_refused(self.load, text)
        if refused is not None:
            self._refuse(refused)
            return
        self.note.value = "Loaded."

    def _typed(self, change: dict) -> None:
        if len(change["new"]) > MAX_RECORD_CHARS:
            self.text.value = ""
            self._refuse(
                f"Cleared: the pasted text has {len(change['new']):,} characters, and a record "
                f"has at most {MAX_RECORD_CHARS:,}."
            )

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        content = bytes(files[0]["content"])
        if len(content) > MAX_RECORD_CHARS:
            self._refuse(
                f"Not loaded: the file has {len(content):,} bytes, and a record has at most "
                f"{MAX_RECORD_CHARS:,}."
            )
            return
        self._load(content.decode("utf-8", errors="replace"))
