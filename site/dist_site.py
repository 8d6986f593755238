"""`make dist`'s last step: the built static site as one zip, and checksums for the release.

    python site/dist_site.py --site _site --dist dist

writes ``dist/sheepkit-site-<version>.zip`` (the site's files below one folder,
``sheepkit-site-<version>/``, in name order and dated 1980-01-01: the same site gives the same
zip) and ``dist/SHA256SUMS`` (``sha256sum -c``'s format) for every file in ``dist/``: the wheel,
the sdist and the zip. ``sheepkit classroom --site sheepkit-site-<version>.zip`` serves the zip
as it is, checked against the SHA256SUMS beside it. Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: make's stamp of a finished build, not part of the site.
LEFT_OUT = {".built"}
EPOCH = (1980, 1, 1, 0, 0, 0)


def project_version(pyproject: Path = REPO / "pyproject.toml") -> str:
    found = re.search(r'^version = "([^"]+)"', pyproject.read_text(encoding="utf-8"), re.M)
    if found is None:
        raise SystemExit(f"no version in {pyproject}")
    return found.group(1)


def zip_site(site: Path, archive: Path, folder: str) -> int:
    """Zip every file of ``site`` below ``folder``/ into ``archive``; the number of files."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"no built site in {site}/ (index.html is missing): run `make site`")
    files = sorted(
        path
        for path in site.rglob("*")
        if path.is_file() and path.relative_to(site).parts[0] not in LEFT_OUT
    )
    archive.parent.mkdir(parents=True, exist_ok=True)
    scratch = archive.with_name(archive.name + ".tmp")
    with zipfile.ZipFile(scratch, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for path in files:
            name = f"{folder}/{path.relative_to(site).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, path.read_bytes())
    scratch.replace(archive)
    return len(files)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_sums(dist: Path) -> Path:
    """SHA256SUMS for every other file of ``dist``, in name order."""
    sums = dist / "SHA256SUMS"
    files = sorted(p for p in dist.iterdir() if p.is_file() and p.name != sums.name)
    lines = [f"{sha256(path)}  {path.name}\n" for path in files]
    sums.write_text("".join(lines), encoding="utf-8", newline="\n")
    return sums


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "_site", help="the built site")
    parser.add_argument("--dist", type=Path, default=REPO / "dist", help="the release folder")
    parser.add_argument("--version", default=None, help="default: pyproject.toml's")
    args = parser.parse_args(argv)
    name = f"sheepkit-site-{args.version or project_version()}"
    archive = args.dist / f"{name}.zip"
    count = zip_site(args.site, archive, name)
    sums = write_sums(args.dist)
    print(f"{archive}: {count} files, {archive.stat().st_size // 1024} KB; checksums in {sums}")


if __name__ == "__main__":
    main()
