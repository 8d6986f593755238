"""site/build.py's patch of Voici's app: JupyterLite's service worker left out
(drop_voici_service_worker). No built site needed; the site tests check a built app."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location(
    "sheepkit_site_build_voici", REPO / "site" / "build.py"
)
assert spec is not None and spec.loader is not None
build = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = build
spec.loader.exec_module(build)

# Voici 0.9's app, as its minified main chunk lists its plugins
STARTS_IT = (
    'n(47774).Ay.filter((e=>"@jupyter-widgets/jupyterlab-manager:plugin"!==e.id)),'
    'n(34962).default.filter((e=>"@jupyterlite/application-extension:service-worker-manager"'
    "===e.id)),n(32164),o.themesManagerPlugin,j]"
)


def _voici(tmp_path: Path, *chunks: str) -> Path:
    folder = tmp_path / "voici" / "build"
    folder.mkdir(parents=True)
    for index, text in enumerate(chunks):
        (folder / f"{index}.js").write_text(text)
    return folder


def test_the_app_lists_no_service_worker_plugin(tmp_path: Path) -> None:
    folder = _voici(tmp_path, "other(1);", STARTS_IT)
    build.drop_voici_service_worker(tmp_path)
    patched = (folder / "1.js").read_text()
    assert "service-worker-manager" not in patched
    assert patched == STARTS_IT.replace(
        'n(34962).default.filter((e=>"@jupyterlite/application-extension:service-worker-manager"'
        "===e.id))",
        "[]",
    )
    assert (folder / "0.js").read_text() == "other(1);"


@pytest.mark.parametrize("chunks", [("other(1);",), (STARTS_IT, STARTS_IT)])
def test_a_voici_that_changed_stops_the_build(tmp_path: Path, chunks: tuple[str, ...]) -> None:
    _voici(tmp_path, *chunks)
    with pytest.raises(RuntimeError, match="VOICI_SERVICE_WORKER"):
        build.drop_voici_service_worker(tmp_path)
