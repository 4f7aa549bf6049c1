"""``manastack scenario run|explain``: run scenario files, or explain one with the rules
behind every event.

    python -m manastack.scenario.cli run tests/scenarios
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import List

import typer

from ..rules_text import first_line, rules_path
from .loader import load_file
from .runner import run_paths, run_scenario

scenario_app = typer.Typer(help="Run scenario files (board, script, expected outcome).",
                           no_args_is_help=True, add_completion=False)


@scenario_app.command("run")
def run_command(paths: List[Path] = typer.Argument(..., help="scenario files or folders"),
                as_json: bool = typer.Option(False, "--json",
                                             help="one JSON object per scenario")):
    """Run scenarios: `PASS name` or `FAIL name: reason` each, then `N passed, M failed`."""
    results = run_paths(paths)
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    for r in results:
        typer.echo(json.dumps(r.to_dict()) if as_json else r.line())
    typer.echo(f"{passed} passed, {failed} failed")
    raise typer.Exit(0 if failed == 0 else 1)


def explain_text(file, rules_file: str | None = None) -> str:
    """The explanation of each scenario in ``file``: its events with their CR numbers."""
    path = rules_path(rules_file)
    out: list[str] = []
    for sc in load_file(file):
        res = run_scenario(sc)
        out.append(f"Scenario: {res.name}")
        if res.rules:
            out.append("Checks: " + ", ".join(f"CR {r}" for r in res.rules))
        g = res.game
        log = g.log if g is not None else []
        marks = list(res.marks)
        for k in range(len(log) + 1):
            while marks and marks[0][0] <= k:
                out.append(marks.pop(0)[1])
            if k == len(log):
                break
            rule, text = log[k]
            out.append(f"  CR {rule}: {text}")
            if path:
                q = first_line(rule, path)
                if q:
                    out.append(f"      | {q}")
        out.extend(m[1] for m in marks)
        out.append(res.line())
    return "\n".join(out)


@scenario_app.command("explain")
def explain_command(file: Path = typer.Argument(..., help="a scenario file"),
                    rules_file: str = typer.Option(None, "--rules-file",
                                                   help="CR text file to quote (default: "
                                                   "$MANASTACK_RULES)")):
    """Run a scenario, printing the event log with the CR number behind each event."""
    if not file.exists():
        typer.echo(f"FAIL {file}: no such file", err=True)
        raise typer.Exit(1)
    text = explain_text(file, rules_file)
    typer.echo(text)
    raise typer.Exit(0 if text.rsplit("\n", 1)[-1].startswith("PASS") else 1)


if __name__ == "__main__":
    scenario_app()
