"""The site's Python bundle (site/build.py's pack_bundle, site/start_python.js): one xz stream
of Pyodide's wasm, standard library, memory snapshot and files blob, decoded by the page.

The unit tests need no built site; the one that decodes with npm's xz-decompress needs
site/node_modules (make site installs it) and Node.js.
"""

from __future__ import annotations

import importlib.util
import json
import lzma
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build = _load("sheepkit_site_build_bundle", REPO / "site" / "build.py")

PARTS = [
    ("pyodide.asm.wasm", b"\0asm" + bytes(range(256)) * 40),
    ("python_stdlib.zip", b"PK stored members " * 500),
    ("snapshot", bytes(70_000) + b"memory"),
    ("files", b""),
]


def test_a_bundle_holds_its_parts_in_order_and_checks_them_with_crc32() -> None:
    packed = build.pack_bundle(PARTS)
    assert build.unpack_bundle(packed) == PARTS
    # xz-embedded, the page's decoder, checks CRC32 (and no SHA-256): stream flags 0x00 0x01
    assert packed[:6] == b"\xfd7zXZ\0" and packed[6:8] == b"\0\x01"
    body = lzma.decompress(packed)
    length = int.from_bytes(body[:4], "little")
    sizes = [[n, len(b)] for n, b in PARTS]
    sizes[2].append([[1, 1]])  # the snapshot: its first page is zeros, left out
    assert json.loads(body[4 : 4 + length]) == {"parts": sizes}


def test_the_snapshot_leaves_out_its_zero_pages() -> None:
    page = build.SPARSE_PAGE
    memory = bytes(page) + b"a" * page + bytes(2 * page) + b"b" * page + b"c" * page + bytes(page)
    parts = [("snapshot", memory), ("files", b"x")]
    packed = build.pack_bundle(parts)
    assert build.unpack_bundle(packed) == parts
    body = lzma.decompress(packed)
    length = int.from_bytes(body[:4], "little")
    header = json.loads(body[4 : 4 + length])
    assert header["parts"][0] == ["snapshot", len(memory), [[1, 1], [4, 2]]]
    assert len(body) == 4 + length + 3 * page + 1


def test_the_bundle_parts_are_what_the_worker_reads() -> None:
    text = (REPO / "site" / "start_python.js").read_text()
    for name in build.BUNDLE_PARTS:
        assert f'"{name}"' in text, name
    assert build.BUNDLE_PARTS[0].endswith(".wasm"), "the wasm first: it compiles as it comes"


def test_a_truncated_bundle_is_refused() -> None:
    body = lzma.decompress(build.pack_bundle(PARTS))
    with pytest.raises(ValueError, match="parts end at"):
        build.unpack_bundle(lzma.compress(body + b"extra", format=lzma.FORMAT_XZ))


def test_the_standard_library_is_stored_with_its_members_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "python_stdlib.zip"
    members = {"a/": b"", "a/b.py": b"x = 1\n" * 200, "c.py": b"print('c')\n"}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name, (2024, 5, 1, 12, 0, 0)), data)
    build.store_zip(path)
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
        assert [i.filename for i in infos] == list(members)
        assert all(i.compress_type == zipfile.ZIP_STORED for i in infos)
        assert all(i.date_time == (2024, 5, 1, 12, 0, 0) for i in infos)
        assert {i.filename: archive.read(i) for i in infos} == members


DECODE = """
const { readFileSync } = require("node:fs");
const { XzReadableStream } = require(process.argv[2]);
const packed = readFileSync(process.argv[3]);
(async () => {
  const out = await new Response(new XzReadableStream(new Blob([packed]).stream())).arrayBuffer();
  process.stdout.write(Buffer.from(out).toString("hex"));
})();
"""


def test_npms_xz_decoder_reads_a_bundle(tmp_path: Path) -> None:
    decoder = build.XZ_DECODER
    node = shutil.which("node")
    if node is None or not decoder.is_file():
        pytest.fail(f"needs Node.js and {decoder} (make site installs it)", pytrace=False)
    # a snapshot-sized window: preset 9's 64 MiB dictionary, which the decoder must accept
    big = os.urandom(1 << 16) * 40
    parts = [*PARTS[:2], ("snapshot", big), ("files", b"blob")]
    (tmp_path / "bundle.xz.bin").write_bytes(build.pack_bundle(parts))
    (tmp_path / "decode.js").write_text(DECODE)
    done = subprocess.run(
        [node, tmp_path / "decode.js", decoder, tmp_path / "bundle.xz.bin"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    body = bytes.fromhex(done.stdout)
    assert body == lzma.decompress((tmp_path / "bundle.xz.bin").read_bytes())
