"""The app shell (GameApp) and shared widgets. Imports ipywidgets and ipycanvas."""

from ..drawing import BoardDrawing, Frame, drawing_for
from ..platform import in_browser
from . import pyodide_comm
from .app import GameApp, play
from .classroom import class_strip
from .picture import picture, pictures
from .requested import on_request

if in_browser():  # widget traits set back to None must reach the page (see pyodide_comm)
    pyodide_comm.install()

__all__ = [
    "BoardDrawing",
    "Frame",
    "GameApp",
    "class_strip",
    "drawing_for",
    "on_request",
    "picture",
    "pictures",
    "play",
]
