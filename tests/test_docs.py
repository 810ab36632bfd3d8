"""The project's own documents keep up with the code: every rule option, move verb and
expectation is described, and the example scenario runs as documented."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine.rules import RULE_KEYS
from game.scenario import VERB_CARDS
from game.scenario import main as scenario_main
from game.scenario_expect import EXPECT_KEYS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SCENARIOS = (ROOT / "tests" / "scenarios" / "README.md").read_text(encoding="utf-8")


def table_keys(text: str) -> set[str]:
    """The `names` in the first column of the markdown tables of ``text``."""
    return {name for row in re.findall(r"^\| (.+?) \|", text, re.M)
            for name in re.findall(r"`([^`]+)`", row)}


def test_the_readme_describes_every_house_option():
    assert set(RULE_KEYS) <= table_keys(README)


def test_the_readme_cites_no_document_outside_the_repository():
    assert "shared/docs" not in README
    for link in re.findall(r"\]\(([^)#]+)\)", README):
        assert link.startswith("http") or (ROOT / link).exists(), link


def test_the_scenario_format_describes_every_verb_and_expectation():
    keys = table_keys(SCENARIOS)
    assert set(VERB_CARDS) <= keys
    assert set(EXPECT_KEYS) <= keys


def test_the_example_scenario_runs_as_documented(tmp_path, capsys):
    example = re.search(r"```yaml\n(.*?)```", SCENARIOS, re.S).group(1)
    (tmp_path / "example.yaml").write_text(example, encoding="utf-8")
    assert scenario_main([str(tmp_path / "example.yaml")]) == 0
    out = capsys.readouterr().out
    assert '"reason": "seat 2 does not hold 9C"' in out and '"failures": []' in out
