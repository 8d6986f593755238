"""Stand-in (sheepkit static site): this is NOT numpy.

The real numpy is a compiled package that only Pyodide's CDN serves. ipycanvas imports numpy
at import time and uses it for one job: packing drawing commands and point lists into binary
buffers for the browser. This module does that job with the standard library, and produces the
same bytes, shapes and dtype names as numpy for those calls (tests/site/test_standins.py
compares them with the real numpy). Anything else is missing on purpose.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

__version__ = "0.0.0+sheepkit.standin"
STANDIN = True


class DType:
    """A numpy dtype by name, with its struct format and whether it holds integers."""

    def __init__(self, name: str, code: str, integer: bool, bits: int) -> None:
        self.name = name
        self.code = code
        self.integer = integer
        self.bits = bits
        self.itemsize = struct.calcsize("<" + code)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"dtype('{self.name}')"

    def wrap(self, value: Any) -> int | float:
        if not self.integer:
            return float(value)
        number = int(value)
        if self.name.startswith("uint"):
            return number % (1 << self.bits)
        half = 1 << (self.bits - 1)
        return (number + half) % (1 << self.bits) - half


dtype = DType  # numpy's own name
bool_ = DType("bool", "?", True, 1)
uint8 = DType("uint8", "B", True, 8)
int8 = DType("int8", "b", True, 8)
int16 = DType("int16", "h", True, 16)
int32 = DType("int32", "i", True, 32)
int64 = DType("int64", "q", True, 64)
float16 = DType("float16", "e", False, 16)
float32 = DType("float32", "f", False, 32)
float64 = DType("float64", "d", False, 64)
_DTYPES = {d.name: d for d in (bool_, uint8, int8, int16, int32, int64, float16, float32, float64)}
_DTYPES.update({"uint8": uint8, "int": int64, "float": float64, "bool": bool_})


def _dtype(value: DType | str | type | None) -> DType | None:
    if value is None or isinstance(value, DType):
        return value
    if value is int:
        return int64
    if value is float:
        return float64
    if value is bool:
        return bool_
    if isinstance(value, str) and value in _DTYPES:
        return _DTYPES[value]
    raise TypeError(f"the numpy stand-in has no dtype {value!r}")


class ndarray(bytes):
    """A C-contiguous array: its bytes are the array's data, so memoryview(array) works."""

    dtype: DType
    shape: tuple[int, ...]
    _values: list[Any]

    def __new__(cls, values: Sequence[Any], dtype: DType, shape: tuple[int, ...]) -> ndarray:
        if dtype is bool_:
            wrapped: list[Any] = [bool(v) for v in values]
        else:
            wrapped = [dtype.wrap(v) for v in values]
        self = super().__new__(cls, struct.pack(f"<{len(wrapped)}{dtype.code}", *wrapped))
        self.dtype = dtype
        self.shape = shape
        self._values = wrapped
        return self

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return len(self._values)

    @property
    def flags(self) -> dict[str, bool]:
        return {"C_CONTIGUOUS": True, "F_CONTIGUOUS": self.ndim <= 1}

    def astype(self, dtype: DType | str | type) -> ndarray:
        found = _dtype(dtype)
        assert found is not None
        return ndarray(self._values, found, self.shape)

    def ravel(self) -> ndarray:
        return ndarray(self._values, self.dtype, (len(self._values),))

    def tolist(self) -> list[Any]:
        return _nest(self._values, self.shape)

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.tolist())

    def __repr__(self) -> str:
        return f"array({self.tolist()!r}, dtype={self.dtype.name})"


def _nest(values: list[Any], shape: tuple[int, ...]) -> Any:
    if len(shape) <= 1:
        return list(values)
    step = len(values) // shape[0]
    return [_nest(values[i * step : (i + 1) * step], shape[1:]) for i in range(shape[0])]


def _flatten(data: Any) -> tuple[list[Any], tuple[int, ...]]:
    if isinstance(data, ndarray):
        return list(data._values), data.shape
    if isinstance(data, (list, tuple)):
        if not data:
            return [], (0,)
        parts = [_flatten(item) for item in data]
        inner = parts[0][1]
        if any(shape != inner for _, shape in parts):
            raise ValueError("the numpy stand-in supports rectangular nested lists only")
        return [v for values, _ in parts for v in values], (len(data), *inner)
    return [data], ()


def _infer(values: Iterable[Any]) -> DType:
    values = list(values)
    if values and all(isinstance(v, bool) for v in values):
        return bool_
    if all(isinstance(v, int) for v in values) and values:
        return int64
    return float64


def asarray(data: Any, dtype: DType | str | type | None = None) -> ndarray:
    wanted = _dtype(dtype)
    if isinstance(data, ndarray) and wanted in (None, data.dtype):
        return data
    values, shape = _flatten(data)
    return ndarray(values, wanted or _infer(values), shape)


array = asarray


def require(
    data: Any, dtype: DType | str | type | None = None, requirements: object = None
) -> ndarray:
    return asarray(data, dtype)


def ascontiguousarray(data: Any, dtype: DType | str | type | None = None) -> ndarray:
    return asarray(data, dtype)


def frombuffer(buffer: bytes | bytearray | memoryview, dtype: DType | str = float64) -> ndarray:
    found = _dtype(dtype)
    assert found is not None
    raw = bytes(buffer)
    count = len(raw) // found.itemsize
    values = list(struct.unpack(f"<{count}{found.code}", raw[: count * found.itemsize]))
    return ndarray(values, found, (count,))


def concatenate(arrays: Sequence[ndarray]) -> ndarray:
    values = [v for a in arrays for v in asarray(a)._values]
    kinds = [asarray(a).dtype for a in arrays]
    result = float64 if any(not k.integer for k in kinds) else (kinds[0] if kinds else float64)
    return ndarray(values, result, (len(values),))


def zeros(shape: int | tuple[int, ...], dtype: DType | str | type = float64) -> ndarray:
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    count = 1
    for n in dims:
        count *= n
    found = _dtype(dtype)
    assert found is not None
    return ndarray([0] * count, found, dims)
