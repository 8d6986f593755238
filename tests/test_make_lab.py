"""`make lab` as a teacher meets it: the lessons, the rules in our words, no test clutter."""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from voila_harness import free_port, isolated_jupyter_env

REPO = Path(__file__).resolve().parents[1]
TOKEN = "sheepkit-test-token"

pytestmark = pytest.mark.slow


def _listing(port: int, path: str, deadline: float) -> list[str]:
    url = f"http://127.0.0.1:{port}/api/contents/{path}?token={TOKEN}"
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return [item["name"] for item in json.load(answer)["content"]]
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_make_lab_shows_lessons_and_seeds_but_not_conftest(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, **isolated_jupyter_env(tmp_path, home=True)}
    server = subprocess.Popen(
        ["make", "--no-print-directory", "lab", f"LAB_PORT={port}",
         f"LAB_ARGS=--IdentityProvider.token={TOKEN} --ServerApp.open_browser=False"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 90
        top = _listing(port, "", deadline)
        notebooks = _listing(port, "notebooks", deadline)
    finally:
        os.killpg(server.pid, 15)
        printed = server.communicate(timeout=30)[0].decode(errors="replace")
    assert "seeds" in top and "notebooks" in top, top
    assert "00_welcome.ipynb" in notebooks and "conftest.py" not in notebooks, notebooks
    assert "/lab/tree/notebooks/00_welcome.ipynb" in printed
    assert "Run All" in printed
