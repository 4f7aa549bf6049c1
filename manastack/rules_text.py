"""Looking up rules in a Comprehensive Rules text file (the project does not ship the CR;
pass its path, or set ``MANASTACK_RULES``).

    lookup("702.19", path)  # "702.19. Trample" and its subrules 702.19a-g with examples
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import typer

_RULE = re.compile(r"^(\d+(?:\.\d+)?[a-z]?)\.?\s")


class RuleNotFound(KeyError):
    pass


MAX_RULES_BYTES = 32 * 1024 * 1024   # the CR is about 1 MB


class RulesFileError(ValueError):
    """The rules file can't be read as the CR's text (binary, too large)."""


@lru_cache(maxsize=4)
def _lines(path: str) -> tuple[str, ...]:
    size = Path(path).stat().st_size
    if size > MAX_RULES_BYTES:
        raise RulesFileError(f"{path} is {size:,} bytes: not the Comprehensive Rules text")
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RulesFileError(f"{path} is not a UTF-8 text file (byte {e.start}): not the "
                             "Comprehensive Rules text") from None
    if "\x00" in text:
        raise RulesFileError(f"{path} is a binary file: not the Comprehensive Rules text")
    return tuple(line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n")
                 .split("\n"))


def rules_path(path: str | os.PathLike | None = None) -> str | None:
    """The CR file to read: ``path``, else ``$MANASTACK_RULES``, else None."""
    p = path or os.environ.get("MANASTACK_RULES")
    return str(p) if p else None


def _number_of(line: str) -> str | None:
    m = _RULE.match(line)
    return m.group(1) if m else None


def _is_within(number: str, rule: str) -> bool:
    """Whether ``number`` is ``rule`` or one of its subrules (702.19 -> 702.19a)."""
    if number == rule:
        return True
    if rule[-1].isalpha():
        return False
    if "." in rule:
        return number.startswith(rule) and number[len(rule):].isalpha()
    return number.startswith(rule + ".")


def lookup(number: str, path: str | os.PathLike) -> str:
    """The text of rule ``number`` and of its subrules (with their examples), as written
    in the CR file at ``path``. Raises ``RuleNotFound``."""
    rule = str(number).strip().rstrip(".")
    if len(rule) > 20:
        raise RuleNotFound(f"{rule[:20]}... is not a rule number")
    lines = _lines(str(path))
    starts = [i for i, ln in enumerate(lines) if _number_of(ln) == rule]
    if not starts:
        raise RuleNotFound(f"rule {rule} is not in {path}")
    # The table of contents lists section headings once more; the rule itself comes last.
    i = starts[-1]
    out = [lines[i]]
    for ln in lines[i + 1:]:
        n = _number_of(ln)
        if n is not None and not _is_within(n, rule):
            break
        if n is None and ln and not ln.startswith("Example") and ln[:1].isupper() and \
                not out[-1].startswith("Example") and out[-1] == "":
            # a heading such as "Glossary" after a blank line ends the rule
            break
        out.append(ln)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def first_line(number: str, path) -> str | None:
    try:
        return lookup(number, path).split("\n", 1)[0]
    except (RuleNotFound, OSError, RulesFileError):
        return None


def rules_command(number: str = typer.Argument(..., help="a rule number, like 702.19b"),
                  rules_file: str = typer.Option(None, "--rules-file",
                                                 help="the CR text file (default: $MANASTACK_RULES)")):
    """Print a rule of the Comprehensive Rules and its subrules."""
    path = rules_path(rules_file)
    if path is None:
        typer.echo("no rules file: pass --rules-file or set MANASTACK_RULES", err=True)
        raise typer.Exit(2)
    try:
        typer.echo(lookup(number, path))
    except RuleNotFound as e:
        typer.echo(str(e.args[0]), err=True)
        raise typer.Exit(1)
    except OSError as e:
        typer.echo(f"can't read {path}: {e.strerror or e}", err=True)
        raise typer.Exit(2)
    except RulesFileError as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(2)
