"""The README and docs/ point contributors at real places: every local link opens a file, and
every `path.py:name` they cite names something defined in that file."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *ROOT.glob("docs/**/*.md")])
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CITED = re.compile(r"\b((?:bot|cogs|engines|benchmarks|tests|scripts)/[\w/]+\.py)(?::([\w.]+))?")
EXAMPLE = "coinflip"
"""The game docs/adding-a-game.md walks through adding: its files are for the reader to write."""


def defined(path: Path) -> set[str]:
    """The classes, functions and module-level names a Python file defines."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_local_link_of_the_docs_opens_a_file(doc: Path):
    text = doc.read_text(encoding="utf-8")
    broken = [
        target
        for target in LINK.findall(text)
        if not target.startswith(("http://", "https://", "mailto:"))
        and not (doc.parent / target).exists()
    ]
    assert broken == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_file_and_name_the_docs_cite_exists(doc: Path):
    wrong = []
    for path, name in CITED.findall(doc.read_text(encoding="utf-8")):
        if EXAMPLE in path:
            continue
        file = ROOT / path
        if not file.exists():
            wrong.append(path)
        elif name and name.split(".")[0] not in defined(file):
            wrong.append(f"{path}:{name}")
    assert wrong == []
