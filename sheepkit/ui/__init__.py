"""The app shell (GameApp) and shared widgets. Imports ipywidgets and ipycanvas."""

from .app import GameApp, board_view_for, play
from .board import BoardView, Frame
from .picture import picture, pictures
from .requested import on_request

__all__ = [
    "BoardView",
    "Frame",
    "GameApp",
    "board_view_for",
    "on_request",
    "picture",
    "pictures",
    "play",
]
