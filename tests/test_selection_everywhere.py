"""Paths, -k and -x on every command that runs scenarios (issue #26, item 3): docs, mutate and
diff choose their scenarios as check does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_paths_and_dry_run import FEATURE, line_of, proj, run_cli  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parent.parent
CLAMP = ROOT / "rulecheck_multibase" / "engine" / "overlays" / "clamp_3_to_6.yaml"


def test_docs_writes_only_the_scenarios_minus_k_selects(proj, tmp_path):  # noqa: F811
    docs = run_cli(proj, "docs", "-q", str(tmp_path / "site"), "-k", "hits and not said")
    assert docs.returncode == 0, docs.stderr
    assert "for 1 scenario (1 passed)" in docs.stdout
    page = (tmp_path / "site" / "index.html").read_text()
    assert "-k hits and not said" in page


def test_docs_minus_k_selecting_nothing_is_refused_and_writes_no_site(proj, tmp_path):  # noqa: F811
    docs = run_cli(proj, "docs", "-q", str(tmp_path / "site"), "-k", "nothing_is_called_this")
    assert docs.returncode == 2
    assert docs.stderr.strip() == "rulecheck: -k: the expression 'nothing_is_called_this' selects no scenario"
    assert not (tmp_path / "site").exists()


def test_diff_and_mutate_compare_only_the_scenarios_minus_k_selects(proj):  # noqa: F811
    diff = run_cli(proj, "diff", "-q", "--full", "--json", str(CLAMP), "-k", "hits")
    assert diff.returncode in (0, 1), diff.stderr
    assert json.loads(diff.stdout)["compared"] == 1
    mutate = run_cli(proj, "mutate", "-q", "--json", "--only", "to_hit_baseline", "-k", "hits")
    assert mutate.returncode in (0, 1), mutate.stderr
    result = json.loads(mutate.stdout)
    killers = {k for m in result["mutants"] for k in m.get("killed_by", ())}
    assert killers and all("Alpha hits on a 4" in k for k in killers)
    assert result["run"]["keyword"] == "hits"  # shards of other selections do not merge


@pytest.mark.parametrize("command", ["diff", "mutate"])
def test_minus_k_selecting_nothing_is_one_line_on_diff_and_mutate(proj, command):  # noqa: F811
    args = [str(CLAMP)] if command == "diff" else ["--only", "to_hit_baseline"]
    proc = run_cli(proj, command, "-q", *args, "-k", "nothing_is_called_this")
    assert proc.returncode == 2
    assert proc.stderr.strip() == "rulecheck: -k: the expression 'nothing_is_called_this' selects no scenario"


@pytest.mark.slow  # checks out a worktree and runs the multibase corpus in it
def test_diff_at_a_revision_compares_only_the_scenarios_the_paths_select(tmp_path):
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "diff", "--rev", "HEAD", "--json", "-q"]
        + [
            "rulecheck_multibase/features/multibase/attack_roll.feature:17",
            "rulecheck_multibase/features/multibase/attack_roll.feature:17",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env=env,
    )
    assert proc.returncode in (0, 1), proc.stderr
    diff = json.loads(proc.stdout)
    assert diff["compared"] == 1
    assert all(c["feature"].endswith("attack_roll.feature") for c in diff["scenarios"])
    assert not any(tmp_path.iterdir())


def test_steps_with_a_path_names_the_definition_each_step_matches_and_the_closest_for_none(proj):  # noqa: F811
    from tests.test_paths_and_dry_run import MISTYPED

    with (proj / FEATURE).open("a") as f:
        f.write(MISTYPED)
    line = line_of(proj, "Scenario: A mistyped step")
    proc = run_cli(proj, "steps", f"{FEATURE}:{line}")
    assert proc.returncode == 1, proc.stderr
    out = proc.stdout
    assert f'{FEATURE}:{line + 1}  Given "Alpha" rolls 4 4 3 3 to hit' in out
    assert (
        "matches '\"{unit}\" rolls {rolled} to hit' (rulecheck_multibase.steps.attack.given_hit_dice)" in out
    )
    assert f'{FEATURE}:{line + 2}  When "Alpha" shots "Bravo"' in out
    assert 'matches no step definition; the closest phrasing is \'"{attacker}" shoots "{target}"\'' in out
    assert "in 1 scenario match a step definition; 1 match none" in out
    as_json = json.loads(run_cli(proj, "steps", "--json", "-k", "mistyped").stdout)
    assert as_json["scenarios"] == 1
    unmatched = [u for u in as_json["uses"] if u["function"] is None]
    assert [u["text"] for u in unmatched] == ['When "Alpha" shots "Bravo"']


def test_steps_with_paths_that_all_match_exits_0_and_a_bad_path_is_one_line(proj):  # noqa: F811
    ok = run_cli(proj, "steps", FEATURE)
    assert ok.returncode == 0, ok.stderr
    assert "match none" in ok.stdout.splitlines()[-1] and " 0 match none" in ok.stdout
    bad = run_cli(proj, "steps", f"{FEATURE}:1")
    assert bad.returncode == 2
    assert bad.stderr.strip().endswith(
        "no scenario at this line (a line from a Scenario's keyword to its last step or example row)"
    )


def test_dry_run_honours_minus_k(proj):  # noqa: F811
    from tests.test_paths_and_dry_run import MISTYPED

    with (proj / FEATURE).open("a") as f:
        f.write(MISTYPED)
    clean = run_cli(proj, "check", "--dry-run", "-k", "hits")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "in 1 scenarios match a step definition" in clean.stdout
    typo = run_cli(proj, "check", "--dry-run", "-k", "mistyped")
    assert typo.returncode == 1
    nothing = run_cli(proj, "check", "--dry-run", "-k", "nothing_is_called_this")
    assert nothing.returncode == 2
    assert (
        nothing.stderr.strip() == "rulecheck: -k: the expression 'nothing_is_called_this' selects no scenario"
    )


def test_a_project_loads_the_step_modules_its_rulesets_declare_and_no_others():
    from rulecheck.corpus import corpora
    from rulecheck.project_plugin import step_modules

    found = corpora(ROOT, ["multibase"])
    assert found["multibase"].step_modules  # declared by the ruleset, not guessed from module names
    loaded = step_modules(list(found["multibase"].step_modules))
    assert set(found["multibase"].step_modules) <= set(loaded)
    assert "steps.common" in loaded
    ga = corpora(ROOT, ["gundam_assemble"])["gundam_assemble"].step_modules
    assert not set(ga) & set(loaded)


EASIER = "ruleset: multibase\nname: easier hits\nsource: house rule\nparameters: {to_hit_baseline: 3}\n"


def test_explore_finds_a_project_overlay_by_name_and_says_it_is_the_projects(proj):  # noqa: F811
    (proj / "overlays").mkdir()
    (proj / "overlays" / "easier.yaml").write_text(EASIER)
    proc = run_cli(
        proj, "explore", "book", "easier", "--budget", "5", "--max-positions", "40", "--json", "-q"
    )
    assert proc.returncode in (0, 1), proc.stderr
    (exploration,) = json.loads(proc.stdout)["explorations"]
    assert exploration["ruleset"] == "multibase"  # not the default ruleset: the overlay says which
    assert exploration["corpus"] == "project"


def test_explore_all_interpretations_in_a_project_compares_its_overlays_and_the_book_s_with_book(proj):  # noqa: F811
    (proj / "overlays").mkdir()
    (proj / "overlays" / "easier.yaml").write_text(EASIER)
    common = ["explore", "--all-interpretations", "--ruleset", "multibase", "--json", "-q"]
    common += ["--budget", "0.2", "--max-positions", "2", "--shrink", "0.2"]
    alone = json.loads(run_cli(proj, *common).stdout)
    labels = {e["new"]["label"]: e["corpus"] for e in alone["explorations"]}
    assert labels['overlay "easier hits"'] == "project"
    assert not any("clamp" in label for label in labels)  # the bundled overlay is the book's
    assert set(labels.values()) == {"project", "book"}  # the interpretations are the book's
    both = json.loads(run_cli(proj, *common, "--with-book").stdout)
    labels = {e["new"]["label"]: e["corpus"] for e in both["explorations"]}
    assert labels['overlay "clamp 3+ to 6+"'] == "book"
    assert labels['overlay "easier hits"'] == "project"
    assert both["run"]["with_book"] is True


def test_explore_with_book_outside_a_project_or_without_all_interpretations_is_one_line(proj, tmp_path):  # noqa: F811
    outside = run_cli(tmp_path, "explore", "--all-interpretations", "--with-book")
    assert outside.returncode == 2
    assert outside.stderr.startswith("rulecheck: --with-book: needs a project")
    two_sides = run_cli(proj, "explore", "book", "book", "--with-book")
    assert two_sides.returncode == 2
    assert len(two_sides.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # runs the bundled multibase corpus as the mutation baseline
def test_mutate_with_book_runs_the_survivors_against_the_book_and_says_who_killed_each(proj):  # noqa: F811
    args = ["mutate", "-q", "--json", "-j", "1", "--with-book", "--ruleset", "multibase"]
    proc = run_cli(proj, *args, "--only", "to_hit_baseline", "--only", "coherency_distance")
    assert proc.returncode in (0, 1), proc.stderr
    result = json.loads(proc.stdout)
    assert result["run"]["with_book"] is True
    killed = {m["mutant"]: (m["corpus"], m["killed_by"][0]) for m in result["mutants"] if m["killed"]}
    # the project's scenarios read the to-hit number, not the coherency distance
    assert {c for m, (c, _) in killed.items() if "to_hit_baseline" in m} == {"project"}
    assert {c for m, (c, _) in killed.items() if "coherency_distance" in m} == {"book"}
    assert all(k.startswith(FEATURE) for m, (c, k) in killed.items() if c == "project")


def test_mutate_with_book_without_a_project_is_one_line(tmp_path):
    proc = run_cli(tmp_path, "mutate", "--with-book", "--only", "to_hit_baseline")
    assert proc.returncode == 2
    assert proc.stderr.startswith("rulecheck: --with-book: needs a project")
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # runs the bundled multibase corpus under the book and the overlay
def test_diff_with_book_diffs_both_corpora_and_labels_each_change(proj):  # noqa: F811
    (proj / "overlays").mkdir()
    (proj / "overlays" / "easier.yaml").write_text(EASIER)
    proc = run_cli(proj, "diff", "easier", "--with-book", "--json", "-q")
    assert proc.returncode == 1, proc.stderr
    diff = json.loads(proc.stdout)
    corpora = {c["feature"]: c["corpus"] for c in diff["scenarios"]}
    assert corpora[FEATURE] == "project"
    assert "book" in corpora.values()
    assert all(c == "book" for f, c in corpora.items() if f != FEATURE)
    text = run_cli(proj, "diff", "easier", "--with-book", "-q", "-k", "hits")
    marked = [line for line in text.stdout.splitlines() if line.startswith("  features/")]
    assert any(line.endswith("[book]") for line in marked)
    assert any(line.startswith(f"  {FEATURE}:") and not line.endswith("[book]") for line in marked)


def test_paths_into_a_project_run_it_from_outside_as_pytest_finds_its_rootdir(proj):  # noqa: F811
    outside = proj.parent
    one = f"proj/{FEATURE}:{line_of(proj, 'Scenario: Alpha hits')}"
    proc = run_cli(outside, "check", "-q", "--no-dependencies", one)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("multibase (Multi-base Attack resolution): 1 scenario, 1 passed")
    steps = run_cli(outside, "steps", one)
    assert steps.returncode == 0, steps.stderr


def test_paths_in_two_projects_are_one_line(proj):  # noqa: F811
    import shutil

    shutil.copytree(proj, proj.parent / "other")
    proc = run_cli(proj.parent, "check", f"proj/{FEATURE}", f"other/{FEATURE}")
    assert proc.returncode == 2
    assert "the paths lie in two projects" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_steps_ruleset_lists_only_the_phrasings_a_project_of_that_ruleset_can_use():
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "steps", "--ruleset", "multibase", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    functions = {p["function"].rsplit(".", 1)[0] for p in json.loads(proc.stdout)["steps"]}
    assert "rulecheck_multibase.steps.attack" in functions and "steps.common" in functions
    assert not any(f.startswith("rulecheck_gundam_assemble.steps.game") for f in functions)


def test_docs_with_book_writes_the_book_s_scenarios_beside_the_project_s_each_marked(proj, tmp_path):  # noqa: F811
    site = tmp_path / "site"
    docs = run_cli(proj, "docs", "-q", "--json", str(site), "--with-book", "-k", "hits")
    assert docs.returncode == 0, docs.stderr
    summary = json.loads(docs.stdout)
    project = json.loads(run_cli(proj, "docs", "-q", "--json", str(tmp_path / "alone"), "-k", "hits").stdout)
    book = summary["scenarios"] - project["scenarios"]
    assert project["scenarios"] >= 1 and book >= 1
    pages = sorted(p.name for p in (site / "features" / "multibase").iterdir())
    assert "cases.html" in pages and any(p.startswith("book-") for p in pages)
    listing = (site / "scenarios.html").read_text()
    assert listing.count("<td>[book] <a href='features/multibase/book-") == book
    assert listing.count("<td><a href='features/multibase/cases.html") == project["scenarios"]
    book_page = next(p for p in (site / "features" / "multibase").glob("book-*.html")).read_text()
    assert "of the bundled corpus (the book's own rulings)" in book_page
    assert "[book] " in book_page and "class='diagram'" in book_page  # the book's run drew it
    assert "of this project" in (site / "features" / "multibase" / "cases.html").read_text()


def test_docs_and_steps_with_book_without_a_project_are_one_line(tmp_path):
    for args in (["docs", str(tmp_path / "site"), "--with-book"], ["steps", "--with-book"]):
        proc = run_cli(tmp_path, *args)
        assert proc.returncode == 2, args
        assert proc.stderr.startswith("rulecheck: --with-book: needs a project"), args
        assert len(proc.stderr.splitlines()) == 1
    assert not (tmp_path / "site").exists()


def test_steps_with_book_lists_the_book_s_steps_after_the_project_s_each_saying_its_corpus(proj):  # noqa: F811
    alone = json.loads(run_cli(proj, "steps", "--json", "--root", ".").stdout)  # the project's steps
    both = run_cli(proj, "steps", "--json", "--with-book")
    assert both.returncode == 0, both.stderr
    found = json.loads(both.stdout)
    by_corpus = {c: [u for u in found["uses"] if u["corpus"] == c] for c in ("project", "book")}
    assert [{k: v for k, v in u.items() if k != "corpus"} for u in by_corpus["project"]] == alone["uses"]
    assert len(by_corpus["book"]) > 100 and found["scenarios"] > alone["scenarios"]
    assert all(u["where"].split(":")[0].endswith(".feature") for u in by_corpus["book"])
    text = run_cli(proj, "steps", "--with-book").stdout.splitlines()
    assert any(line.startswith("[book] ") for line in text)
    assert any(line.startswith(FEATURE) for line in text)  # the project's steps carry no mark
    # a path names the project's file: the book adds no scenario to it
    one = run_cli(
        proj, "steps", "--json", "--with-book", f"{FEATURE}:{line_of(proj, 'Scenario: Alpha hits')}"
    )
    assert {u["corpus"] for u in json.loads(one.stdout)["uses"]} == {"project"}
