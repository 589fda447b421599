"""A profile reads only what is its own, and quotes nothing of a file that is not a profile (issue 31).

``extends`` is a built-in name or a file beside the profile, never the working folder's and never an
absolute path; a worked example names a profile, never a path; an error about a file reached as a
profile names the file, the line and the mistake in general terms, and quotes nothing the file holds.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.load import load_corpus
from kb.validate import validate
from mjref.main import cli
from scorer import ProfileError, score
from scorer.profiles import load_profile

from .kb_support import copy_rulings, edit

# Two concealed kongs (tests/test_house_profiles.py works it by hand): 15 under green-book, 13 when Two
# Concealed Kongs takes the 1998 value, six.
HAND = "[CCCC][5555m]123p789pNN"
SIX = "name: base\nextends: green-book\npositions:\n  two-concealed-kongs: six\n"
SECRET = "token-abc123: hunter2\npassword: s3cret-value\n"


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(ref: str) -> str:
    with pytest.raises(ProfileError) as caught:
        load_profile.__wrapped__(ref)  # not the cache: each case reads its files
    return str(caught.value)


def test_a_relative_extends_is_read_beside_the_profile_not_in_the_working_folder(tmp_path, monkeypatch):
    club = tmp_path / "club"
    house = write(club, "house.yaml", "name: house\nextends: base.yaml\n")
    write(club, "base.yaml", SIX)
    write(tmp_path, "base.yaml", "name: decoy\nextends: green-book\n")  # keeps eight: 15
    monkeypatch.chdir(tmp_path)
    assert score(HAND, profile=str(house)).total == 13
    monkeypatch.chdir(club)
    assert score(HAND, profile=str(house)).total == 13


def test_a_relative_extends_missing_beside_the_profile_is_not_looked_for_elsewhere(tmp_path, monkeypatch):
    house = write(tmp_path / "club", "house.yaml", "name: house\nextends: base.yaml\n")
    write(tmp_path, "base.yaml", SIX)
    monkeypatch.chdir(tmp_path)
    assert error_of(str(house)).endswith(
        "house.yaml:2: extends: no such profile: name a built-in profile "
        "(babcock, babcock-optional, chinese-practice, green-book, starback) "
        "or a .yaml file beside this one"
    )


@pytest.mark.parametrize("how", ["absolute", "parent", "symlink out"])
def test_extends_may_not_leave_the_profiles_folder(tmp_path, how):
    outside = write(tmp_path, "base.yaml", SIX)
    club = tmp_path / "club"
    ref = {"absolute": str(outside), "parent": "../base.yaml", "symlink out": "base.yaml"}[how]
    if how == "symlink out":
        club.mkdir()
        (club / "base.yaml").symlink_to(outside)
    house = write(club, "house.yaml", f"name: house\nextends: {ref}\n")
    message = error_of(str(house))
    assert message.startswith(f"{house}:2: extends: "), message
    why = "an absolute path is not allowed" if how == "absolute" else "the file is not in this profile's folder"
    assert why in message


@pytest.mark.parametrize("reached", ["profile", "extends", "symlink"])
def test_a_file_that_is_not_a_profile_is_never_quoted(tmp_path, reached):
    secret = write(tmp_path, "secret.yaml", SECRET)
    if reached == "profile":
        ref = str(secret)
    elif reached == "extends":
        ref = str(write(tmp_path, "house.yaml", "name: house\nextends: secret.yaml\n"))
    else:
        (tmp_path / "link.yaml").symlink_to(secret)
        ref = str(tmp_path / "link.yaml")
    result = CliRunner().invoke(cli, ["score", HAND, "--profile", ref])
    assert result.exit_code == 2
    assert "token" not in result.stderr and "hunter2" not in result.stderr and "s3cret" not in result.stderr
    assert result.stderr.endswith(
        "secret.yaml:1: unknown field: a profile has only the fields name, title, ruleset, extends, positions, points, "
        "rulings, exclusions\n"
    ) or result.stderr.endswith(
        "link.yaml:1: unknown field: a profile has only the fields name, title, ruleset, extends, positions, points, "
        "rulings, exclusions\n"
    ), result.stderr


@pytest.mark.parametrize(
    ("content", "leaked"),
    [
        ("Name:\tpython3\nUmask:\t0022\n", "0022"),  # /proc/self/status: a number YAML reads surprisingly
        ("title: no-secret\nkey: [x\n", "[x"),  # not YAML
        ("title: 12:34:56\n", "12:34:56"),  # a sexagesimal number
        ("title: yes\n", "yes"),
        ("title: 2026-01-01\n", "2026-01-01"),
        ("title: !secret x\n", "secret"),
        ("name: p\nname: twice-secret\n", "twice-secret"),
        ("name: p\nextends: green-book\npositions:\n  secret-ruling-id: x\n", "secret-ruling-id"),
        ("name: p\nextends: green-book\npositions:\n  kong-table: secret-position\n", "secret-position"),
        ("name: p\nextends: green-book\npoints:\n  secret-fan: 3\n", "secret-fan"),
        ("name: p\nruleset: secretset\n", "secretset"),
        ("name: [secret-in-a-list]\n", "secret-in-a-list"),
    ],
)
def test_no_profile_error_quotes_the_file(tmp_path, content, leaked):
    path = write(tmp_path, "p.yaml", content)
    message = error_of(str(path))
    assert message.startswith(f"{path}:"), message
    assert leaked not in message.removeprefix(str(path)), message


def test_proc_self_status_through_a_link_quotes_nothing(tmp_path):
    link = tmp_path / "status.yaml"
    link.symlink_to("/proc/self/status")
    message = error_of(str(link))
    assert message.startswith(f"{link}:"), message
    umask = f"{os.umask(0o22):04o}"
    os.umask(int(umask, 8))
    assert "Umask" not in message and umask not in message.removeprefix(str(link)) and "python" not in message


def test_a_fifo_as_a_profile_does_not_block(tmp_path):
    fifo = tmp_path / "p.yaml"
    os.mkfifo(fifo)
    assert "is not a regular file (a pipe or a device), not a .yaml file" in error_of(str(fifo))  # never opened


@pytest.mark.parametrize(
    ("name", "make", "what"),
    [
        ("house", lambda p: p.mkdir(), "is a folder, not a .yaml file"),
        ("house.yaml", lambda p: p.mkdir(), "is a folder, not a .yaml file"),
        ("house.txt", lambda p: p.write_text("extends: green-book\n"), "is a file of another kind"),
        ("house", lambda p: os.mkfifo(p), "is not a regular file (a pipe or a device)"),
    ],
)
def test_a_profile_path_that_is_no_profile_file_says_what_it_is(tmp_path, name, make, what):
    """It said "unknown profile", as for a misspelt built-in name, when the path named a folder or a pipe."""
    path = tmp_path / name
    make(path)
    message = error_of(str(path))
    assert message.startswith(f"the profile {str(path)!r} {what}"), message
    assert "green-book" in message  # the built-in names offered instead


# The rulings folder: an example names a profile; its own profiles/ may not lead outside it.


def example_problems(root: Path) -> list[str]:
    return [str(p) for p in validate(load_corpus(root)).problems if "examples[" in p.message]


@pytest.mark.parametrize("profile", ["ABSOLUTE", "../secret.yaml", "profiles/green-book.yaml"])
def test_an_example_may_name_a_profile_but_not_a_path(tmp_path, profile):
    root = copy_rulings(tmp_path)
    secret = write(tmp_path, "secret.yaml", SIX)
    profile = str(secret) if profile == "ABSOLUTE" else profile
    path = root / "mcr" / "two-concealed-kongs.md"
    text = path.read_text(encoding="utf-8")
    first = text.index("profile: green-book")
    path.write_text(text[:first] + f'profile: "{profile}"' + text[first + len("profile: green-book") :])
    found = [p for p in example_problems(root) if "two-concealed-kongs.md" in p]
    assert len(found) == 1 and f"profile {profile!r} is not a profile name: name one of babcock" in found[0], found


def test_an_example_may_name_a_profile_of_the_rulings_folder(tmp_path):
    root = copy_rulings(tmp_path)
    write(root / "profiles", "club.yaml", SIX.replace("name: base", "name: club"))
    path = root / "mcr" / "two-concealed-kongs.md"
    edit(path, "profile: green-book", "profile: club")
    found = [p for p in example_problems(root) if "two-concealed-kongs.md" in p]
    assert not any("not a profile name" in p for p in found), found
