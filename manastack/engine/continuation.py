"""A resolving spell or ability's progress (CR 608.2): a typed continuation.

Resolution can stop at a decision ("you may", a choice of cards, a search) and go on
when it is answered; what it has done so far is kept here, not in live Python frames,
so a paused game still clones and serialises (DESIGN: pausing).

* ``frames``: one ``Frame`` per level of nested instructions being carried out (an
  "If you do" inside a "you may"), each at its ``step``;
* ``remembered``: the objects labelled instructions acted on ("the exiled card");
* ``lki``: last known information of objects that left their zones (CR 608.2h);
* ``moved``: what the objects it moved became (an instruction that moved an object can
  act on it again where it went: "exile it, then return it to the battlefield");
* ``amount``: what the last instruction amounted to ("that much", "damage dealt this
  way");
* ``answer``: the answer to the decision asked, until the instruction takes it
  (``asking``: a decision these instructions asked is waiting for its answer);
* ``legal``: the targets still legal as resolution began (CR 608.2b).
"""

from __future__ import annotations

from .evaluate import LastKnown


class Frame:
    """One list of instructions being carried out: the instruction at ``step``, and how
    far that instruction has got (``stage``, the choices ``collected`` so far, and for
    an instruction that branches, which ``branch`` it took). ``collected``: for each
    choice of the instruction made so far, the objects each chooser chose; ``partial``:
    the choices of the choice being made."""

    __slots__ = ("step", "stage", "collected", "partial", "branch")

    def __init__(self, step: int = 0) -> None:
        self.step = step
        self.stage = 0
        self.collected: list[list[list[int]]] = []
        self.partial: list[list[int]] = []
        self.branch = 0

    def copy(self) -> "Frame":
        f = Frame(self.step)
        f.stage, f.branch = self.stage, self.branch
        f.collected = [[list(x) for x in c] for c in self.collected]
        f.partial = [list(x) for x in self.partial]
        return f

    def to_list(self) -> list:
        return [self.step, self.stage, [[list(x) for x in c] for c in self.collected],
                [list(x) for x in self.partial], self.branch]

    @staticmethod
    def from_list(v: list) -> "Frame":
        f = Frame(v[0])
        f.stage = v[1]
        f.collected = [[list(x) for x in c] for c in v[2]]
        f.partial = [list(x) for x in v[3]]
        f.branch = v[4]
        return f


class Resolution:
    """The continuation of a resolving stack item (see the module docstring)."""

    __slots__ = ("frames", "remembered", "lki", "moved", "amount", "answer", "asking",
                 "legal", "started")

    def __init__(self) -> None:
        self.frames: list[Frame] = [Frame()]
        self.remembered: dict[str, list[int]] = {}
        self.lki: dict[int, LastKnown] = {}
        self.moved: dict[int, int] = {}    # an object this resolution moved -> what it became
        self.amount = 0
        self.answer = None
        self.asking = False     # a decision asked by these instructions waits for its answer
        self.legal: list[int] = []
        self.started = False

    def copy(self) -> "Resolution":
        r = Resolution.__new__(Resolution)
        r.frames = [f.copy() for f in self.frames]
        r.remembered = {k: list(v) for k, v in self.remembered.items()}
        r.lki = dict(self.lki)            # LastKnown values are never changed
        r.moved = dict(self.moved)
        r.amount, r.answer, r.started = self.amount, self.answer, self.started
        r.asking = self.asking
        r.legal = list(self.legal)
        return r

    def to_dict(self) -> dict:
        return {"frames": [f.to_list() for f in self.frames],
                "remembered": {k: list(v) for k, v in self.remembered.items()},
                "lki": [[k, v.to_list()] for k, v in self.lki.items()],
                "moved": [[k, v] for k, v in self.moved.items()],
                "amount": self.amount, "answer": _plain(self.answer), "asking": self.asking,
                "legal": list(self.legal), "started": self.started}

    @staticmethod
    def from_dict(d: dict) -> "Resolution":
        r = Resolution()
        r.frames = [Frame.from_list(f) for f in d["frames"]]
        r.remembered = {k: list(v) for k, v in d["remembered"].items()}
        r.lki = {k: LastKnown.from_list(v) for k, v in d["lki"]}
        r.moved = {k: v for k, v in d["moved"]}
        r.amount, r.answer, r.asking = d["amount"], d["answer"], d["asking"]
        r.legal, r.started = list(d["legal"]), d["started"]
        return r


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v
