"""Scenario files (format version 1): a board position, a script, the expected outcome.

    from manastack.scenario import run_paths, load_scenario
"""

from .runner import Result, ScenarioFailure, load_scenario, run_file, run_paths, run_scenario

__all__ = ["Result", "ScenarioFailure", "load_scenario", "run_file", "run_paths",
           "run_scenario"]
