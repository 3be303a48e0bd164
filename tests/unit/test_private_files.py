"""Issue 40: the site keeps var/ private by the modes it gives what it writes there, never
by the process's umask. Importing the app used to set ``umask(0o077)``, which the client
build (``reflex export`` imports the app) inherited: every built file was 0600 in 0700
folders, and nginx running as www-data could read none of them."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap

from tests.prodserver import ROOT

# Run in a process of its own: importing the app (and what it sets up) must not touch the
# test process.
SCRIPT = textwrap.dedent("""
    import io, json, os, stat, sys
    os.umask(0o022)  # the usual umask of a build machine or an operator's shell
    import community_app.community_app  # noqa: F401  (what `reflex export` and the server do)
    umask = os.umask(0o022)
    from PIL import Image
    from community_app.core.db import get_engine, migrate
    from community_app.services import mail, uploads
    from community_app.services.storage import get_storage

    migrate()
    get_engine().dispose()
    mail._write_outbox(mail.build_message("member@example.com", "Your code", "123456"))
    picture = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 10, 10)).save(picture, format="PNG")
    speaker = uploads.store_image(picture.getvalue(), "private/speakers")
    public = uploads.store_image(picture.getvalue(), "public/news")
    get_storage().write("exports/member-1.zip", b"PK...", private=True)
    var = os.environ["COMMUNITY_VAR_DIR"]
    modes = {}
    for folder, names, files in os.walk(var):
        for name in [*names, *files]:
            path = os.path.join(folder, name)
            modes[os.path.relpath(path, var)] = stat.S_IMODE(os.lstat(path).st_mode)
    modes["."] = stat.S_IMODE(os.stat(var).st_mode)
    print(json.dumps({"umask": umask, "modes": modes, "speaker": speaker, "public": public}))
""")


def _run_app(tmp_path) -> dict:
    var = tmp_path / "var"
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("COMMUNITY_", "REFLEX_REDIS"))}
    env.update(COMMUNITY_VAR_DIR=str(var), COMMUNITY_SCHEDULER_INTERVAL="0",
               COMMUNITY_DATABASE_URL=f"sqlite:///{var / 'community.db'}")
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_app_leaves_the_umask_alone_and_var_stays_private(tmp_path):
    seen = _run_app(tmp_path)
    assert seen["umask"] == 0o022, oct(seen["umask"])
    modes = seen["modes"]
    assert modes["."] == 0o700  # nothing under var/ can be reached by another user
    private = ["community.db", "secret_key", f"uploads/{seen['speaker']}", "exports/member-1.zip",
               *[name for name in modes if name.startswith("outbox/")]]
    assert any(name.startswith("outbox/") for name in private)
    for name in private:
        assert name in modes, (name, sorted(modes))
        assert modes[name] & 0o077 == 0, f"{name} is {oct(modes[name])}"
    for folder in ("outbox", "exports", "uploads/private/speakers"):
        assert modes[folder] & 0o077 == 0, f"{folder} is {oct(modes[folder])}"
    # SQLite's own files take the database's mode (while it is open; absent once closed).
    for name in ("community.db-wal", "community.db-shm"):
        assert modes.get(name, 0o600) & 0o077 == 0, f"{name} is {oct(modes[name])}"

