"""Load tests run the real bot process against benchmarks/fake_discord on 127.0.0.1.

Tests marked `slow` run only when asked: `pytest -m slow tests/load` (or RUN_SLOW=1).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip this folder's slow tests unless `-m slow` (or RUN_SLOW=1) selects them."""
    expression = config.getoption("markexpr") or ""
    if os.environ.get("RUN_SLOW") or ("slow" in expression and "not slow" not in expression):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow (or RUN_SLOW=1)")
    for item in items:
        if "slow" in item.keywords and Path(str(item.fspath)).is_relative_to(HERE):
            item.add_marker(skip)
