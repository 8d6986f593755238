"""The app shell (GameApp) and shared widgets. Imports ipywidgets and ipycanvas."""

from ..drawing import BoardDrawing, Frame, drawing_for
from .app import GameApp, play
from .picture import picture, pictures
from .requested import on_request

__all__ = [
    "BoardDrawing",
    "Frame",
    "GameApp",
    "drawing_for",
    "on_request",
    "picture",
    "pictures",
    "play",
]
