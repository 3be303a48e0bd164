"""`make build` changes no tracked file (issue 40). In a checkout without .web (a fresh
clone, a CI job) `reflex export` first runs Reflex's init, which touches requirements.txt
and rewrites .gitignore: the next make target then saw requirements.txt newer than its
install stamp and reinstalled every package."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import time

import pytest
from reflex.utils import frontend_skeleton

from tests.prodserver import ROOT


def test_reflex_init_finds_nothing_to_change_in_requirements_and_gitignore(tmp_path):
    for name in ("requirements.txt", ".gitignore"):
        shutil.copy2(ROOT / name, tmp_path / name)
    frontend_skeleton.initialize_requirements_txt(tmp_path / "requirements.txt", tmp_path / "pyproject.toml")
    frontend_skeleton.initialize_gitignore(tmp_path / ".gitignore")
    for name in ("requirements.txt", ".gitignore"):
        assert (tmp_path / name).read_bytes() == (ROOT / name).read_bytes(), name


def _script(path, text: str) -> None:
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_build_leaves_requirements_txt_as_old_as_it_was(tmp_path):
    """The Makefile's own build recipe, with a stand-in ``reflex`` that touches
    requirements.txt as Reflex's init does: afterwards the install stamp is still newer, so
    make has nothing to reinstall."""
    shutil.copy2(ROOT / "Makefile", tmp_path / "Makefile")
    shutil.copy2(ROOT / "requirements.txt", tmp_path / "requirements.txt")
    bin_dir, stamps = tmp_path / "bin", tmp_path / "stamps"
    bin_dir.mkdir()
    stamps.mkdir()
    _script(bin_dir / "python", "exit 0\n")  # compile-messages
    _script(bin_dir / "pip", "exit 0\n")
    _script(bin_dir / "reflex", "touch requirements.txt\n")  # what Reflex's init does to it
    old = time.time() - 3600
    os.utime(tmp_path / "requirements.txt", (old, old))
    for stamp in ("python", "bun"):
        (stamps / stamp).touch()
    before = (tmp_path / "requirements.txt").stat().st_mtime_ns
    done = subprocess.run(["make", "--no-print-directory", "-C", str(tmp_path), "build",
                           f"BIN={bin_dir}", f"STAMPS={stamps}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "requirements.txt").stat().st_mtime_ns == before
    up_to_date = subprocess.run(["make", "-C", str(tmp_path), "-q", f"{stamps}/python",
                                 f"BIN={bin_dir}", f"STAMPS={stamps}"], capture_output=True)
    assert up_to_date.returncode == 0  # nothing to reinstall
