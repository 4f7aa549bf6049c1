"""The Oracle grammar's own rules (docs/grammar.md): phrases that compose, not sentence
templates; every IR instruction has an engine handler and a plain-English form; the
compiler doesn't import the engine."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest

import manastack.ir.effects as I
from manastack.compiler import definition_for
from manastack.compiler.lines import compile_spell
from manastack.engine.verbs import HANDLERS
from manastack.ir import refs as R
from manastack.ir.render import RENDERERS, render_ability

ROOT = Path(__file__).resolve().parents[1] / "manastack"
COMPILER = ROOT / "compiler"

# the template chain being replaced (docs/grammar.md, "Migration"): deleted as the grammar
# takes each area over; nothing may be added to this list
TEMPLATES = {"oracle.py", "effect_text.py", "staples.py", "keywords.py", "abilities.py"}
# the one module allowed regular expressions: the tokenizer (lexing, not parsing)
LEXER = {"tokens.py"}
# literal phrases longer than this are sentences, not phrases
MAX_LITERAL_WORDS = 6
# true one-offs: a literal that is a whole fixed phrase of the rules (none yet)
LONG_LITERALS: set[str] = set()


def _grammar_files():
    for p in sorted(COMPILER.rglob("*.py")):
        rel = p.relative_to(COMPILER)
        if rel.parts[0] == "areas" or rel.name in TEMPLATES:
            continue
        yield p


def test_grammar_modules_use_no_regular_expressions():
    for p in _grammar_files():
        if p.name in LEXER:
            continue
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names]
                mod = getattr(node, "module", None) or ""
                assert "re" not in names and mod != "re", \
                    f"{p.relative_to(ROOT)}:{node.lineno}: the grammar reads phrases, not regexes"


def test_grammar_literals_are_phrases_not_sentences():
    for p in _grammar_files():
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("words", "word"):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        n = len(arg.value.split())
                        assert n <= MAX_LITERAL_WORDS or arg.value in LONG_LITERALS, (
                            f"{p.relative_to(ROOT)}:{node.lineno}: {arg.value!r} is a "
                            "whole-sentence literal; compose it from phrases")


def _ir_types(module):
    return [obj for _, obj in inspect.getmembers(module, inspect.isclass)
            if obj.__module__ == module.__name__ and dataclasses.is_dataclass(obj)]


def test_every_instruction_has_a_handler_and_a_plain_english_form():
    helpers = {I.Destination, I.Token}   # arguments of instructions, not instructions
    for t in _ir_types(I):
        if t in helpers:
            continue
        assert t in HANDLERS, f"{t.__name__} has no engine handler (engine/verbs)"
        assert t in RENDERERS, f"{t.__name__} has no plain-English form (ir/render.py)"


def test_every_reference_has_a_plain_english_form():
    import manastack.ir.conditions as C
    import manastack.ir.quantity as Q
    for mod in (R, Q, C):
        for t in _ir_types(mod):
            if t is R.CounterCheck:
                continue
            assert t in RENDERERS, f"{mod.__name__}.{t.__name__} has no plain-English form"


def test_compiler_does_not_import_the_engine_at_module_level():
    """No import cycle between the compiler's and the engine's rules areas: the engine
    reads compiled abilities; the grammar never needs the engine to read text."""
    for p in _grammar_files():
        tree = ast.parse(p.read_text())
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module:
                assert "engine" not in node.module.split("."), \
                    f"{p.relative_to(ROOT)}:{node.lineno} imports the engine"


@pytest.mark.parametrize("text, rendered", [
    ("Exile target creature. Its controller gains life equal to its power.",
     "Exile target 1. The controller of target 1 gains life equal to the power of target 1."),
    ("Destroy target nonbasic land.", "Destroy target 1."),
    ("Each player sacrifices a creature.", "Sacrifice a creature they control chosen by "
     "each player."),
    ("Draw two cards, then discard a card.", "You draw 2 cards. Discard a card in their hand."),
])
def test_sentences_compose(text, rendered):
    sp = compile_spell(text)
    assert sp is not None
    assert render_ability(sp).startswith(rendered)


def test_pronouns_follow_the_text():
    """CR 608.2c: "that player", "it" and "their" mean what the text spoke of before."""
    d = definition_for("Thoughtseize")
    reveal, choose, discard, lose = d.spell.effects
    assert reveal.cards == R.Cards(R.TargetPlayer(0), R.Zone.HAND)
    assert choose.objects.filter.among == reveal.cards
    assert discard.cards == R.Remembered(choose.label)
    assert lose.players == R.You()
    assert d.spell.targets == (R.TargetSpec(players=R.AllPlayers()),)


def test_staples_compile():
    for name in ("Swords to Plowshares", "Wasteland", "Thoughtseize"):
        assert not definition_for(name).unsupported, name


@pytest.mark.parametrize("name", ["Gladiolus Amicitia", "Fatal Push", "Galvanic Blast",
                                  "Tragic Slip"])
def test_ability_words_have_no_rules_meaning(name):
    """CR 207.2c: a card compiles the same with its ability words read off."""
    from manastack.cards import get_database
    from manastack.compiler import compile_card
    from manastack.compiler.vocabulary import without_ability_word
    card = get_database().get(name)
    bare = dataclasses.replace(card, text="\n".join(
        without_ability_word(line) for line in card.text.split("\n")))
    assert bare.text != card.text
    with_word, without = compile_card(card), compile_card(bare)
    assert with_word.supported and without.supported
    assert dataclasses.replace(with_word, text=without.text) == without


def test_ability_word_list_is_the_crs():
    from manastack.compiler.vocabulary import ABILITY_WORDS, without_ability_word
    assert len(ABILITY_WORDS) == 61   # the list of CR 207.2c (April 2026)
    assert without_ability_word("Council’s dilemma — Starting with you, each player votes.") \
        == "Starting with you, each player votes."
    # Not an ability word: a flavor word (CR 207.2d) or a keyword stays.
    assert without_ability_word("Cure Wounds — You gain 2 life.") == "Cure Wounds — You gain 2 life."
