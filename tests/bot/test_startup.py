"""Starting the bot: a missing token is one clear line and a non-zero exit, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_says_what_to_do_and_exits(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN is not set" in lines[0]
    assert "python -m bot sandbox" in lines[0]
    assert "Traceback" not in done.stderr
