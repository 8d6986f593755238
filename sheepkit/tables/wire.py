"""What goes over a table's wire of a seat's knowledge: core's view codec
(``sheepkit.core.views``), under the name the table's modules import."""

from ..core.views import MAX_DEPTH, WireError, decode_view, encode_view, view_class, view_of

__all__ = ["MAX_DEPTH", "WireError", "decode_view", "encode_view", "view_class", "view_of"]
