r"""Card search with the common Scryfall query syntax over the bundled database.

A query is parsed by a small tokenizer and a recursive-descent parser into a tree of
predicate nodes (no ``eval``)::

    query   := or_expr EOF
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary (["and"] unary)*          -- juxtaposition is "and"
    unary   := "-" unary | atom
    atom    := "(" or_expr ")" | term
    term    := WORD | "QUOTED" | !NAME | !"QUOTED NAME" | KEY OP VALUE

Supported terms (case-insensitive, like Scryfall):

* bare words and ``"quoted phrases"`` (or ``'single-quoted'``): the name contains them
  (accent-insensitive); ``!name`` / ``!"exact name"``: the name (or the front face's
  name) is exactly that;
* ``name:/re/``, ``o:/re/``, ``t:/re/``: a regular expression (case-insensitive; ``~`` in
  an Oracle-text one stands for the card's name; ``\/`` is a slash), run with a time
  limit for the whole query;
* anything else is an error, never a silent name search: a bare ``/re/``, a word with
  ``{ } < > = \``, an unknown key;
* ``o:`` / ``oracle:``: the Oracle text (any face) contains the word or phrase; ``~`` in
  the value stands for the card's name;
* ``t:`` / ``type:``: the type line (any face) contains it;
* ``c:`` / ``color:``: the colors (CR 202.2, from the mana cost; a split card has the
  colors of both halves, CR 709.4a).  ``c:rg`` means at least
  red and green (as ``c>=rg``); ``=``, ``!=``, ``<``, ``<=``, ``>``, ``>=`` compare sets;
  values are letters, color names, guild/shard/wedge nicknames, ``c``/``colorless``,
  ``m``/``multicolor``, or a number of colors;
* ``id:`` / ``identity:``: the color identity; ``id:`` means *within* (as ``id<=``), so
  ``id:rg`` finds the cards a red-green commander deck may play;
* ``mv`` / ``cmc`` / ``manavalue``, ``pow`` / ``power``, ``tou`` / ``toughness``,
  ``loy`` / ``loyalty``: numeric comparisons (``:`` means ``=``); the value may be a
  number, another numeric field (``pow>tou``), or for mana value ``even`` / ``odd``;
  a ``*`` in power or toughness counts as 0, as on Scryfall;
* ``kw:`` / ``keyword:``: has the keyword; ``layout:``: the card layout;
* ``is:supported`` (the card compiles fully, so manastack can play it),
  ``is:unsupported``, ``is:multicolor``, ``is:colorless``, ``is:permanent``,
  ``is:spell``; ``not:X`` is ``-is:X``.

Errors raise :class:`QueryError` (a ``ValueError``) carrying the 0-based ``position``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .database import CardData, CardDatabase, get_database, normalize_name

__all__ = ["QueryError", "Query", "parse_query", "search", "searchable_cards",
           "is_back_face_entry", "card_colors", "card_mana_value"]

_WUBRG = "WUBRG"


class QueryError(ValueError):
    """A malformed search query; ``position`` is the 0-based offset of the problem."""

    def __init__(self, message: str, position: int, query: str = "") -> None:
        self.message = message
        self.position = position
        self.query = query
        super().__init__(f"{message} (at position {position + 1})")

    def pointer(self) -> str:
        """The query with a caret under the problem, for terminals."""
        return f"{self.query}\n{' ' * self.position}^"


# ------------------------------------------------------------------------ tokenizer

@dataclass(frozen=True, slots=True)
class Token:
    kind: str          # LPAREN RPAREN NOT OR AND WORD EXACT FIELD EOF
    pos: int
    value: str = ""
    key: str = ""      # FIELD: the key, lower-cased
    op: str = ""       # FIELD: one of : = != < <= > >=
    quoted: bool = False


_KEY_RE = re.compile(r"([A-Za-z][A-Za-z_]*)(!=|<=|>=|:|=|<|>)")
_BARE_RE = re.compile(r"[^\s()\"]+")
_VALUE_RE = re.compile(r"[^\s()]+")


MAX_QUERY = 1000          # characters of a query
MAX_REGEX = 200           # characters of one regular expression
REGEX_SECONDS = 5.0       # the time all of a query's regular expressions may take
_REGEX_KEYS = ("o", "t", "name")
# Characters no supported bare word holds (a word like "{G}" or "a=b" would otherwise be
# read as part of a name and silently match nothing).
_UNSUPPORTED_WORD = re.compile(r"[{}<>=\\]|^/|/$")


def _read_quoted(text: str, i: int) -> tuple[str, int]:
    """Read a "..." or '...' string starting at text[i]; returns (value, next index)."""
    quote = text[i]
    j = i + 1
    out = []
    while j < len(text):
        ch = text[j]
        if ch == "\\" and j + 1 < len(text) and text[j + 1] in quote + "\\":
            out.append(text[j + 1])
            j += 2
            continue
        if ch == quote:
            return "".join(out), j + 1
        out.append(ch)
        j += 1
    raise QueryError("unterminated quoted string", i, text)


def _read_regex(text: str, i: int) -> tuple[str, int]:
    """Read a /.../ regular expression starting at text[i] == '/' (``\\/`` is a slash
    inside it); returns (pattern, next index)."""
    j = i + 1
    out = []
    while j < len(text):
        ch = text[j]
        if ch == "\\" and j + 1 < len(text):
            out.append(text[j:j + 2] if text[j + 1] != "/" else "/")
            j += 2
            continue
        if ch == "/":
            return "".join(out), j + 1
        out.append(ch)
        j += 1
    raise QueryError("unterminated regular expression (a closing '/' is missing)", i, text)


def tokenize(text: str) -> list[Token]:
    """Split a query into tokens (raises QueryError with the position)."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    if n > MAX_QUERY:
        raise QueryError(f"the query is {n:,} characters long, more than {MAX_QUERY:,}",
                         MAX_QUERY, text[:MAX_QUERY])
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == "(":
            tokens.append(Token("LPAREN", i))
            i += 1
            continue
        if ch == ")":
            tokens.append(Token("RPAREN", i))
            i += 1
            continue
        if ch == "-":
            if i + 1 < n and not text[i + 1].isspace() and text[i + 1] != ")":
                tokens.append(Token("NOT", i))
                i += 1
                continue
            raise QueryError("'-' must be followed by a term", i, text)
        if ch in "\"'":
            value, j = _read_quoted(text, i)
            tokens.append(Token("WORD", i, value, quoted=True))
            i = j
            continue
        if ch == "/" and not (text[i:i + 2] == "//" and (i + 2 == n or text[i + 2].isspace())):
            raise QueryError("a regular expression needs a key: name:/.../, o:/.../ or "
                             "t:/.../", i, text)
        if ch == "!" and i + 1 < n and not text[i + 1].isspace() and text[i + 1] not in "=()":
            if text[i + 1] in "\"'":
                value, j = _read_quoted(text, i + 1)
            else:
                m = _BARE_RE.match(text, i + 1)
                value, j = m.group(0), m.end()
            tokens.append(Token("EXACT", i, value))
            i = j
            continue
        m = _KEY_RE.match(text, i)
        if m:
            j = m.end()
            if j < n and text[j] in "\"'":
                value, j = _read_quoted(text, j)
                quoted = True
            elif j < n and text[j] == "/":
                value, j = _read_regex(text, j)
                tokens.append(Token("REGEX", i, value, key=m.group(1).lower(),
                                    op=m.group(2)))
                i = j
                continue
            else:
                vm = _VALUE_RE.match(text, j) if j < n else None
                if vm is None:
                    raise QueryError(f"missing value after '{m.group(0)}'", j, text)
                value, j = vm.group(0), vm.end()
                quoted = False
            tokens.append(Token("FIELD", i, value, key=m.group(1).lower(), op=m.group(2),
                                quoted=quoted))
            i = j
            continue
        m = _BARE_RE.match(text, i)
        if m is None:  # pragma: no cover - every other character is matched above
            raise QueryError(f"unexpected character {ch!r}", i, text)
        word = m.group(0)
        low = word.lower()
        bad = _UNSUPPORTED_WORD.search(word)
        if bad and word != "//":
            raise QueryError(f"unsupported query form {word!r} (a key is written key:value; "
                             "quote a phrase with \" or ')", i + bad.start(), text)
        if low == "or":
            tokens.append(Token("OR", i))
        elif low == "and":
            tokens.append(Token("AND", i))
        else:
            tokens.append(Token("WORD", i, word))
        i = m.end()
    tokens.append(Token("EOF", n))
    return tokens


# ------------------------------------------------------------------------ nodes

class Node:
    """A predicate over a card; ``ctx`` gives access to lazily computed facts."""

    def matches(self, card: CardData, ctx: "_Context") -> bool:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class And(Node):
    parts: tuple[Node, ...]

    def matches(self, card, ctx):
        return all(p.matches(card, ctx) for p in self.parts)

    def __str__(self):
        return "(" + " and ".join(map(str, self.parts)) + ")"


@dataclass(frozen=True, slots=True)
class Or(Node):
    parts: tuple[Node, ...]

    def matches(self, card, ctx):
        return any(p.matches(card, ctx) for p in self.parts)

    def __str__(self):
        return "(" + " or ".join(map(str, self.parts)) + ")"


@dataclass(frozen=True, slots=True)
class Not(Node):
    part: Node

    def matches(self, card, ctx):
        return not self.part.matches(card, ctx)

    def __str__(self):
        return f"-{self.part}"


@dataclass(frozen=True, slots=True)
class Test(Node):
    """A leaf: ``describe`` for printing, ``fn(card, ctx) -> bool``."""

    describe: str
    fn: Callable

    def matches(self, card, ctx):
        return self.fn(card, ctx)

    def __str__(self):
        return self.describe


# ------------------------------------------------------------------------ field semantics

_COLOR_NAMES = {
    "white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
    # guilds
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    # shards and wedges
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GUR",
    # colleges of Strixhaven
    "silverquill": "WB", "prismari": "UR", "witherbloom": "BG", "lorehold": "RW",
    "quandrix": "GU",
    # four colors
    "chaos": "UBRG", "aggression": "WBRG", "altruism": "WURG", "growth": "WUBG",
    "artifice": "WUBR",
    "rainbow": "WUBRG", "wubrg": "WUBRG",
}

_NUMERIC_KEYS = {"mv": "mv", "cmc": "mv", "manavalue": "mv", "pow": "pow", "power": "pow",
                 "tou": "tou", "toughness": "tou", "loy": "loy", "loyalty": "loy"}
_KEY_ALIASES = {"o": "o", "oracle": "o", "t": "t", "type": "t", "c": "c", "color": "c",
                "colour": "c", "id": "id", "identity": "id", "ci": "id", "is": "is",
                "not": "not", "kw": "kw", "keyword": "kw", "layout": "layout",
                "name": "name", "n": "name"}

_OPS = {
    "=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def _faces(card: CardData) -> tuple[CardData, ...]:
    return card.faces or (card,)


# CR 709.4: outside the stack a split card has the combined characteristics of its halves
# (709.4a colors, 709.4b mana value); other multi-faced cards use the front face's.
_COMBINED_LAYOUTS = frozenset({"split", "aftermath"})


def card_colors(card: CardData) -> tuple[str, ...]:
    """The card's colors (CR 202.2), combined over the halves of a split card."""
    if card.layout in _COMBINED_LAYOUTS and card.faces:
        found = {c for face in card.faces for c in face.colors}
        return tuple(c for c in _WUBRG if c in found)
    return card.colors


def card_mana_value(card: CardData) -> int:
    """The card's mana value (CR 202.3), the total of a split card's halves (709.4b)."""
    if card.layout in _COMBINED_LAYOUTS and card.faces:
        return sum(face.mana_value for face in card.faces)
    return card.mana_value


def _fold(text: str) -> str:
    return normalize_name(text)


def _name_contains(needle: str):
    key = _fold(needle)

    def fn(card, ctx):
        return key in ctx.folded_name(card)
    return fn


def _text_contains(value: str):
    low = value.lower()

    def fn(card, ctx):
        for face in _faces(card):
            needle = low.replace("~", face.name.lower()) if "~" in low else low
            if needle in face.text.lower():
                return True
            # Oracle text names the card by its full name; "~" may also match a front name.
            if "~" in low and card.name != face.name and \
                    low.replace("~", card.name.lower()) in face.text.lower():
                return True
        return False
    return fn


def _type_contains(value: str):
    low = value.lower()

    def fn(card, ctx):
        return any(low in face.type_line.lower() for face in _faces(card))
    return fn


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def error(self, message: str, pos: int) -> QueryError:
        return QueryError(message, pos, self.text)

    def parse(self) -> Node:
        if self.peek().kind == "EOF":
            raise self.error("empty query", 0)
        node = self.or_expr()
        tok = self.peek()
        if tok.kind == "RPAREN":
            raise self.error("unbalanced ')'", tok.pos)
        if tok.kind != "EOF":  # pragma: no cover - and_expr consumes every term
            raise self.error("unexpected input", tok.pos)
        return node

    def or_expr(self) -> Node:
        parts = [self.and_expr()]
        while self.peek().kind == "OR":
            tok = self.take()
            if self.peek().kind in ("EOF", "RPAREN", "OR", "AND"):
                raise self.error("'or' needs a term on both sides", tok.pos)
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def and_expr(self) -> Node:
        tok = self.peek()
        if tok.kind in ("OR", "AND"):
            raise self.error(f"'{tok.kind.lower()}' needs a term on both sides", tok.pos)
        parts = [self.unary()]
        while True:
            tok = self.peek()
            if tok.kind == "AND":
                self.take()
                if self.peek().kind in ("EOF", "RPAREN", "OR", "AND"):
                    raise self.error("'and' needs a term on both sides", tok.pos)
                parts.append(self.unary())
            elif tok.kind in ("NOT", "LPAREN", "WORD", "EXACT", "FIELD", "REGEX"):
                parts.append(self.unary())
            else:
                break
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self) -> Node:
        tok = self.peek()
        if tok.kind == "NOT":
            self.take()
            if self.peek().kind in ("EOF", "RPAREN", "OR", "AND"):
                raise self.error("'-' must be followed by a term", tok.pos)
            return Not(self.unary())
        return self.atom()

    def atom(self) -> Node:
        tok = self.take()
        if tok.kind == "LPAREN":
            if self.peek().kind == "RPAREN":
                raise self.error("empty parentheses", tok.pos)
            if self.peek().kind == "EOF":
                raise self.error("missing ')' for the '(' here", tok.pos)
            node = self.or_expr()
            close = self.peek()
            if close.kind != "RPAREN":
                raise self.error("missing ')' for the '(' here", tok.pos)
            self.take()
            return node
        if tok.kind == "WORD":
            shown = f'"{tok.value}"' if tok.quoted else tok.value
            return Test(f"name contains {shown}", _name_contains(tok.value))
        if tok.kind == "EXACT":
            key = _fold(tok.value)
            return Test(f"name is {tok.value!r}",
                        lambda card, ctx: key == ctx.folded_name(card)
                        or key == _fold(card.front_name))
        if tok.kind == "FIELD":
            return self.field(tok)
        if tok.kind == "REGEX":
            return self.regex(tok)
        if tok.kind == "RPAREN":
            raise self.error("unbalanced ')'", tok.pos)
        if tok.kind == "EOF":
            raise self.error("unexpected end of query", tok.pos)
        raise self.error(f"unexpected '{self.text[tok.pos:tok.pos + 3]}'", tok.pos)

    # -- fields ----------------------------------------------------------------------

    def regex(self, tok: Token) -> Node:
        """``o:/.../``, ``t:/.../``, ``name:/.../``: a regular expression (Scryfall's
        syntax, case-insensitive; ``~`` in an Oracle-text pattern stands for the card's
        name), searched with a time limit (``REGEX_SECONDS`` for the whole query)."""
        import regex
        kind = _KEY_ALIASES.get(tok.key)
        if kind not in _REGEX_KEYS:
            raise self.error(f"'{tok.key}' doesn't take a regular expression (name:, o: and "
                             "t: do)", tok.pos)
        if tok.op not in (":", "="):
            raise self.error(f"a regular expression takes ':' (not '{tok.op}')", tok.pos)
        if not tok.value:
            raise self.error("empty regular expression", tok.pos)
        if len(tok.value) > MAX_REGEX:
            raise self.error(f"a regular expression of more than {MAX_REGEX} characters",
                             tok.pos)
        try:
            rx = regex.compile(tok.value, regex.IGNORECASE | regex.V0)
        except (regex.error, OverflowError, RecursionError) as e:
            raise self.error(f"bad regular expression: {e}", tok.pos) from None
        query, pos = self.text, tok.pos

        def found(s: str, ctx) -> bool:
            left = ctx.regex_deadline() - time.perf_counter()
            if left > 0:
                try:
                    return rx.search(s, timeout=left) is not None
                except TimeoutError:
                    pass
            raise QueryError(f"the regular expression takes too long (more than "
                             f"{REGEX_SECONDS:g} s over the cards)", pos, query)

        if kind == "name":
            fn = lambda card, ctx: found(card.name, ctx)   # noqa: E731
        elif kind == "t":
            fn = lambda card, ctx: any(found(f.type_line, ctx)  # noqa: E731
                                       for f in _faces(card))
        else:
            def fn(card, ctx):
                return any(found(f.text.replace(card.name, "~").replace(f.name, "~")
                                 if "~" in tok.value else f.text, ctx) for f in _faces(card))
        label = {"o": "oracle", "t": "type", "name": "name"}[kind]
        return Test(f"{label} matches /{tok.value}/", fn)

    def field(self, tok: Token) -> Node:
        key, op, value = tok.key, tok.op, tok.value
        if key in _NUMERIC_KEYS:
            return self.numeric(tok, _NUMERIC_KEYS[key])
        kind = _KEY_ALIASES.get(key)
        if kind is None:
            raise self.error(f"unknown keyword '{key}'", tok.pos)
        if not value:
            raise self.error(f"missing value after '{key}{op}'", tok.pos)
        text_op = kind in ("o", "t", "kw", "layout", "name", "is", "not")
        if text_op and op != ":" and not (op == "=" and kind != "is"):
            raise self.error(f"'{key}' takes ':' (not '{op}')", tok.pos + len(key))
        if kind == "o":
            return Test(f"oracle contains {value!r}", _text_contains(value))
        if kind == "t":
            return Test(f"type contains {value!r}", _type_contains(value))
        if kind == "name":
            return Test(f"name contains {value!r}", _name_contains(value))
        if kind == "kw":
            low = value.lower()
            return Test(f"keyword {value!r}",
                        lambda card, ctx: any(k.lower() == low for k in card.keywords))
        if kind == "layout":
            low = value.lower()
            return Test(f"layout {value!r}", lambda card, ctx: card.layout.lower() == low)
        if kind in ("is", "not"):
            node = self.is_test(tok, value.lower())
            return Not(node) if kind == "not" else node
        return self.colors(tok, kind)

    def is_test(self, tok: Token, value: str) -> Node:
        tests = {
            "supported": lambda card, ctx: ctx.supported(card),
            "unsupported": lambda card, ctx: not ctx.supported(card),
            "multicolor": lambda card, ctx: len(card_colors(card)) >= 2,
            "multicolored": lambda card, ctx: len(card_colors(card)) >= 2,
            "colorless": lambda card, ctx: not card_colors(card),
            "permanent": lambda card, ctx: any(
                t in card.types for t in ("Artifact", "Battle", "Creature", "Enchantment",
                                          "Land", "Planeswalker")),
            "spell": lambda card, ctx: "Land" not in card.types,
        }
        fn = tests.get(value)
        if fn is None:
            raise self.error(f"unknown is: value '{value}' (known: {', '.join(tests)})",
                             tok.pos)
        return Test(f"is:{value}", fn)

    def colors(self, tok: Token, kind: str) -> Node:
        value, op = tok.value.lower(), tok.op
        getter = card_colors if kind == "c" else (
            lambda card: card.color_identity)
        label = "colors" if kind == "c" else "identity"
        if value.isdigit():
            count = int(value)
            cmp = _OPS["=" if op == ":" else op]
            return Test(f"{label} count {op} {count}",
                        lambda card, ctx: cmp(len(getter(card)), count))
        if value in ("m", "multicolor", "multicolored"):
            if op not in (":", "="):
                raise self.error(f"'{value}' takes ':' only", tok.pos)
            return Test(f"{label} multicolor", lambda card, ctx: len(getter(card)) >= 2)
        if value in ("c", "colorless"):
            wanted: frozenset[str] = frozenset()
            if op == ":":
                op = "="
        elif value in _COLOR_NAMES:
            wanted = frozenset(_COLOR_NAMES[value].upper())
        elif all(ch in "wubrg" for ch in value):
            wanted = frozenset(value.upper())
        else:
            raise self.error(f"unknown color '{tok.value}'", tok.pos + len(tok.key) + len(op))
        if op == ":":
            op = ">=" if kind == "c" else "<="
        cmp = _OPS[op]
        shown = "".join(c for c in _WUBRG if c in wanted) or "C"
        return Test(f"{label} {op} {shown}",
                    lambda card, ctx: cmp(frozenset(getter(card)), wanted))

    def numeric(self, tok: Token, field: str) -> Node:
        op = "=" if tok.op == ":" else tok.op
        value = tok.value.lower()
        cmp = _OPS[op]
        get = _NUMERIC_GETTERS[field]
        if field == "mv" and value in ("even", "odd") and tok.op in (":", "="):
            parity = 0 if value == "even" else 1
            return Test(f"mv {value}", lambda card, ctx: card_mana_value(card) % 2 == parity)
        if value in _NUMERIC_KEYS:
            other = _NUMERIC_GETTERS[_NUMERIC_KEYS[value]]

            def fn(card, ctx):
                a, b = get(card), other(card)
                return a is not None and b is not None and cmp(a, b)
            return Test(f"{field} {op} {_NUMERIC_KEYS[value]}", fn)
        try:
            number = float(value)
        except ValueError:
            raise self.error(f"'{tok.key}' needs a number, got '{tok.value}'",
                             tok.pos + len(tok.key) + len(tok.op)) from None

        def fn(card, ctx):
            a = get(card)
            return a is not None and cmp(a, number)
        return Test(f"{field} {op} {value}", fn)


def _stat(text: str | None) -> float | None:
    """Power/toughness/loyalty as a number: ``*`` counts as 0, ``1+*`` as 1 (Scryfall)."""
    if text is None:
        return None
    cleaned = text.replace("*", "").replace("²", "").rstrip("+-") or "0"
    try:
        return float(cleaned)
    except ValueError:
        return None


_NUMERIC_GETTERS: dict[str, Callable[[CardData], float | None]] = {
    "mv": card_mana_value,
    "pow": lambda card: _stat(card.power),
    "tou": lambda card: _stat(card.toughness),
    "loy": lambda card: _stat(card.loyalty),
}


# ------------------------------------------------------------------------ evaluation

class _Context:
    """Facts computed on demand while a query runs (support status, folded names)."""

    def __init__(self, supported: Callable[[CardData], bool] | None = None) -> None:
        self._supported_fn = supported
        self._folded: dict[str, str] = {}
        self._deadline: float | None = None

    def regex_deadline(self) -> float:
        """When this query's regular expressions must be done (set at their first use)."""
        if self._deadline is None:
            self._deadline = time.perf_counter() + REGEX_SECONDS
        return self._deadline

    def folded_name(self, card: CardData) -> str:
        key = self._folded.get(card.name)
        if key is None:
            key = self._folded[card.name] = _fold(card.name)
        return key

    def supported(self, card: CardData) -> bool:
        if self._supported_fn is None:
            from ..compiler import definition_for
            self._supported_fn = lambda c: definition_for(c.name).supported
        return self._supported_fn(card)


@dataclass(frozen=True)
class Query:
    """A parsed query: ``matches(card)`` and ``str()`` (the parsed form)."""

    text: str
    root: Node

    def matches(self, card: CardData, supported: Callable[[CardData], bool] | None = None
                ) -> bool:
        return self.root.matches(card, _Context(supported))

    def filter(self, cards: Iterable[CardData],
               supported: Callable[[CardData], bool] | None = None) -> list[CardData]:
        ctx = _Context(supported)
        return [c for c in cards if self.root.matches(c, ctx)]

    def __str__(self) -> str:
        return str(self.root)


def parse_query(text: str) -> Query:
    """Parse a Scryfall-style query (raises :class:`QueryError` with the position)."""
    return Query(text, _Parser(text).parse())


_BACK_FACE_LAYOUTS = frozenset({"transform", "meld", "flip", "modal_dfc", "double_faced_token"})


def is_back_face_entry(db: CardDatabase, card: CardData) -> bool:
    """True for a separate Oracle entry that is only the back face of one card "A // B"
    (e.g. "Insectile Aberration"): ``db.resolve`` gives the whole card instead."""
    if " // " in card.name or card.layout not in _BACK_FACE_LAYOUTS:
        return False
    owner = db.resolve(card.name)
    return owner is not None and owner.name != card.name


def searchable_cards(db: CardDatabase | None = None) -> list[CardData]:
    """The database's distinct cards in name order: every Oracle entry except separate
    back-face entries (which are part of their front card)."""
    db = db if db is not None else get_database()
    return [c for c in db if not is_back_face_entry(db, c)]


def search(query: str | Query, db: CardDatabase | None = None,
           supported: Callable[[CardData], bool] | None = None) -> list[CardData]:
    """The cards matching ``query``, in name order."""
    q = parse_query(query) if isinstance(query, str) else query
    return q.filter(searchable_cards(db), supported)
