"""Every rule number cited in the package (``CR 601.2f``) exists in the Comprehensive
Rules (DESIGN: how the rules are written)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "data" / "rules"


def test_cited_rules_exist():
    files = sorted(RULES.glob("MagicCompRules*.txt"))
    assert files, f"the Comprehensive Rules text is expected under {RULES}"
    text = files[0].read_text(encoding="utf-8-sig")
    known = set(re.findall(r"^(\d{3}(?:\.\d+[a-z]?)?)\.?\s", text, re.M))
    bad = []
    for f in sorted((ROOT / "manastack").rglob("*.py")):
        src = f.read_text(encoding="utf-8")
        for m in re.finditer(r"\bCR (\d{3}(?:\.\d+[a-z]?)?)", src):
            if m.group(1) not in known:
                bad.append(f"{f.relative_to(ROOT)}: CR {m.group(1)}")
        # event rules: g.event("601.2f", ...)
        for m in re.finditer(r"event\(\"(\d{3}(?:\.\d+[a-z]?)?)\"", src):
            if m.group(1) not in known:
                bad.append(f"{f.relative_to(ROOT)}: event rule {m.group(1)}")
        for m in re.finditer(r"_illegal\(\"(\d{3}(?:\.\d+[a-z]?)?)\"", src):
            if m.group(1) not in known:
                bad.append(f"{f.relative_to(ROOT)}: rule {m.group(1)}")
    assert not bad, "cited rules missing from the CR:\n" + "\n".join(sorted(set(bad)))
