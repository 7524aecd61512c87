"""The source keeps its shape: one name for the one refusal, and no module reaching
into another's private names (import-linter, in `make lint`, guards the layers)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "scoring", "tournaments", "leagues", "config")


def _sources() -> list[Path]:
    found = []
    for package in PACKAGES:
        found += [p for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts]
    assert len(found) > 100, "the source tree has lost its modules"
    return sorted(found)


def _module_of(path: Path) -> list[str]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def _is_module(dotted: str) -> bool:
    base = ROOT.joinpath(*dotted.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def _absolute(node: ast.ImportFrom, path: Path) -> str:
    if not node.level:
        return node.module or ""
    package = _module_of(path)
    if path.name != "__init__.py":
        package = package[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(path: Path) -> set[str]:
    """Private names `path` takes from other modules: imported by name, or read as
    `module._name` off a module it imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = ".".join(_module_of(path))
    rel = path.relative_to(ROOT).as_posix()
    modules: dict[str, str] = {}  # local name -> dotted module
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _absolute(node, path)
            for alias in node.names:
                if _is_module(f"{source}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{source}.{alias.name}"
                elif _private(alias.name) and source != here:
                    found.add(f"{rel}: {source}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and modules[node.value.id] != here
        ):
            found.add(f"{rel}: {modules[node.value.id]}.{node.attr}")
    return found


def test_the_one_refusal_has_one_name():
    aliases = []
    for path in _sources() + sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and (
                (isinstance(node.value, ast.Name) and node.value.id == "DomainError")
                or (isinstance(node.value, ast.Attribute) and node.value.attr == "DomainError")
            ):
                aliases.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif isinstance(node, ast.ImportFrom | ast.Import):
                aliases += [
                    f"{path.relative_to(ROOT)}:{node.lineno}"
                    for alias in node.names
                    if alias.name == "DomainError" and alias.asname not in (None, "DomainError")
                ]
    assert aliases == []


def test_no_module_takes_another_modules_private_names():
    found = set().union(*(private_imports(path) for path in _sources()))
    # A name another module needs is public: give it a name without the underscore.
    assert sorted(found) == []
