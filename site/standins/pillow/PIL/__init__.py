"""Stand-in (sheepkit static site): this is NOT Pillow.

ipycanvas imports `PIL.Image` at import time but uses it only to encode or decode image data,
which sheepkit never sends. Any use raises NotImplementedError saying so.
"""

__version__ = "0.0.0+sheepkit.standin"
