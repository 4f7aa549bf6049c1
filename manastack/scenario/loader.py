"""Reading scenario files (format version 1, docs: scenario-format.md).

YAML is parsed into plain data while the line of every key and item is recorded, so that
each problem is reported with the file, the key path and the line. Nothing here raises:
a file that can't be read or parsed becomes one scenario carrying the error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode


class ScenarioError(Exception):
    """One problem with a scenario file: where it is and what is wrong."""

    def __init__(self, file: str, key: str, line: int | None, message: str) -> None:
        super().__init__(message)
        self.file, self.key, self.line, self.message = file, key, line, message

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        return f"{where}: {self.key + ': ' if self.key else ''}{self.message}"


class _DuplicateKey(Exception):
    def __init__(self, key, line):
        self.key, self.line = key, line


def path_str(path: tuple) -> str:
    """``('players', 'p1', 'hand', 0)`` -> ``players.p1.hand[0]``."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out


# Limits of a scenario file: its size, how deep its YAML nests and how many values it
# holds once its aliases are expanded (a YAML alias repeats an anchored value: a small
# file of nested aliases would otherwise expand to gigabytes, "billion laughs").
MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 50
MAX_VALUES = 100_000


class _TooLarge(Exception):
    def __init__(self, message, line=None):
        super().__init__(message)
        self.message, self.line = message, line


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader with the nesting of its node tree bounded as it is composed
    (the composer is recursive)."""

    def __init__(self, stream) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent, index):
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise _TooLarge(f"nested more than {MAX_DEPTH} deep", mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def parse_yaml(text: str):
    """Parse one YAML document into (data, lines): ``lines`` maps key paths (tuples) to
    1-based line numbers. Raises ``yaml.YAMLError``, ``_DuplicateKey`` or ``_TooLarge``
    (nesting, an alias that contains itself, more than ``MAX_VALUES`` values once
    aliases are expanded)."""
    loader = _BoundedLoader(text)
    try:
        node = loader.get_single_node()
    finally:
        loader.dispose()
    constructor = SafeConstructor()
    lines: dict[tuple, int] = {}
    count = [0]
    inside: set[int] = set()   # the nodes being converted (an alias to one is a loop)

    def conv(n, path):
        count[0] += 1
        if count[0] > MAX_VALUES:
            raise _TooLarge(f"more than {MAX_VALUES:,} values once its aliases are "
                            "expanded", n.start_mark.line + 1)
        if len(path) > MAX_DEPTH:
            raise _TooLarge(f"nested more than {MAX_DEPTH} deep", n.start_mark.line + 1)
        lines.setdefault(path, n.start_mark.line + 1)
        if isinstance(n, MappingNode | SequenceNode):
            if id(n) in inside:
                raise _TooLarge("an alias refers to a value that contains it",
                                n.start_mark.line + 1)
            inside.add(id(n))
            try:
                return conv_collection(n, path)
            finally:
                inside.discard(id(n))
        return constructor.construct_object(n)

    def conv_collection(n, path):
        if isinstance(n, MappingNode):
            out = {}
            for kn, vn in n.value:
                if not isinstance(kn, ScalarNode):
                    raise _DuplicateKey("<complex key>", kn.start_mark.line + 1)
                k = constructor.construct_object(kn)
                if isinstance(k, (list, dict)):
                    k = str(k)
                if k in out:
                    raise _DuplicateKey(k, kn.start_mark.line + 1)
                lines[path + (k,)] = kn.start_mark.line + 1
                out[k] = conv(vn, path + (k,))
            return out
        return [conv(v, path + (i,)) for i, v in enumerate(n.value)]

    if node is None:
        return None, lines
    return conv(node, ()), lines


@dataclass
class Scenario:
    """One scenario of a file, as data, with where its parts are written."""

    file: str
    index: int                 # position in the file's ``scenarios`` list, or -1
    data: dict
    lines: dict
    base: tuple = ()           # path prefix of this scenario inside the file
    errors: list = field(default_factory=list)
    table: object = None       # refs.RefTable once validated

    @property
    def name(self) -> str:
        n = self.data.get("name") if isinstance(self.data, dict) else None
        if isinstance(n, str) and n.strip():
            return n.strip()
        stem = Path(self.file).stem
        return stem if self.index < 0 else f"{stem}[{self.index}]"

    @property
    def rules(self) -> list[str]:
        r = self.data.get("rules") if isinstance(self.data, dict) else None
        return [str(x) for x in r] if isinstance(r, list) else []

    def line(self, *path) -> int | None:
        """The line of ``path`` (or of its nearest written parent)."""
        full = self.base + tuple(path)
        while True:
            if full in self.lines:
                return self.lines[full]
            if not full:
                return None
            full = full[:-1]

    def error(self, path: tuple, message: str) -> ScenarioError:
        e = ScenarioError(self.file, path_str(self.base + tuple(path)), self.line(*path), message)
        self.errors.append(e)
        return e


def load_file(path: str | Path) -> list[Scenario]:
    """Read a scenario file: one scenario, or several under ``scenarios:``. Never raises;
    problems are recorded in each scenario's ``errors``."""
    file = str(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            raise ValueError(f"it is {size:,} bytes, more than the {MAX_FILE_BYTES:,} a "
                             "scenario file may have")
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as e:
        sc = Scenario(file, -1, {}, {})
        sc.errors.append(ScenarioError(file, "", None, f"can't read the file: {e}"))
        return [sc]
    try:
        data, lines = parse_yaml(text)
    except _TooLarge as e:
        sc = Scenario(file, -1, {}, {})
        sc.errors.append(ScenarioError(file, "", e.line, f"refused: {e.message}"))
        return [sc]
    except RecursionError:
        sc = Scenario(file, -1, {}, {})
        sc.errors.append(ScenarioError(file, "", None, "refused: nested too deep"))
        return [sc]
    except _DuplicateKey as e:
        sc = Scenario(file, -1, {}, {})
        sc.errors.append(ScenarioError(file, str(e.key), e.line, "duplicate key"))
        return [sc]
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        sc = Scenario(file, -1, {}, {})
        sc.errors.append(ScenarioError(file, "", mark.line + 1 if mark else None,
                                       f"not valid YAML: {problem}"))
        return [sc]
    if not isinstance(data, dict):
        sc = Scenario(file, -1, {}, lines)
        sc.errors.append(ScenarioError(file, "", 1, "a scenario file holds a mapping "
                                       "(one scenario) or `scenarios: [...]`"))
        return [sc]
    if "scenarios" in data:
        extra = [k for k in data if k != "scenarios"]
        items = data["scenarios"]
        if not isinstance(items, list) or not items:
            sc = Scenario(file, -1, {}, lines)
            sc.errors.append(ScenarioError(file, "scenarios", lines.get(("scenarios",)),
                                           "`scenarios` must be a non-empty list of scenarios"))
            return [sc]
        out = []
        for i, item in enumerate(items):
            sc = Scenario(file, i, item if isinstance(item, dict) else {}, lines,
                          ("scenarios", i))
            if not isinstance(item, dict):
                sc.error((), "each entry of `scenarios` must be a mapping")
            for k in extra:
                sc.errors.append(ScenarioError(file, str(k), lines.get((k,)),
                                               "unknown key beside `scenarios`"))
            out.append(sc)
        return out
    return [Scenario(file, -1, data, lines)]


def find_files(paths) -> list[Path]:
    """Expand files and folders (every ``*.yaml`` / ``*.yml`` below a folder), sorted."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")
                              and x.is_file()))
        else:
            out.append(p)
    return out
