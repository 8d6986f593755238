"""Stand-in for `PIL.Image` (sheepkit static site): every use raises NotImplementedError."""

from typing import NoReturn

_MESSAGE = (
    "Pillow is not available in sheepkit's static site: PIL here is a stand-in "
    "that only lets ipycanvas import"
)


def open(*args: object, **kwargs: object) -> NoReturn:
    raise NotImplementedError(_MESSAGE)


def fromarray(*args: object, **kwargs: object) -> NoReturn:
    raise NotImplementedError(_MESSAGE)


def new(*args: object, **kwargs: object) -> NoReturn:
    raise NotImplementedError(_MESSAGE)
