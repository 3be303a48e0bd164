"""The repository's nginx configuration (deploy/nginx.conf), run for real in front of test
servers: only the ports, the upstream servers, the certificate and the build folder are
replaced. Shared by tests/e2e/test_reverse_proxy.py, tests/e2e/test_two_nodes.py and the
benchmark.

nginx runs as it is packaged (issue 40): the master as root, the workers that read the build
and answer requests as ``www-data`` (Debian's nginx user). A build only root can read (the
umask of the process that built it) is then seen: nginx cannot open the files and
``try_files`` quietly sends every static request to the app."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from tests.prodserver import ROOT, free_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CONFIG = ROOT / "deploy" / "nginx.conf"
MODULES = Path("/usr/lib/nginx/modules")
BROTLI_MODULE = MODULES / "ngx_http_brotli_static_module.so"
WORKER_USER = "www-data"  # Debian's nginx package runs its workers as this user


def _let_the_workers_reach(folder: Path) -> None:
    """Test folders live under pytest's base temporary folder, which only root may enter:
    give the other users passage (x, no listing) through the temporary folders above
    ``folder``, as a real proxy's root (/srv/...) has. Never touches anything else, the build's
    own files least of all: their modes are what is tested."""
    temporary = Path(tempfile.gettempdir()).resolve()
    for parent in reversed(folder.resolve().parents):
        if parent != temporary and temporary in parent.parents and ".web" not in parent.parts:
            parent.chmod(parent.stat().st_mode | 0o001)


def unreadable_by_workers(build_dir: Path) -> list[str]:
    """Files and folders of the build the nginx workers' user cannot read (at most 10)."""
    found = subprocess.run(
        ["runuser", "-u", WORKER_USER, "--", "find", str(build_dir),
         "(", "(", "-type", "d", "(", "!", "-readable", "-o", "!", "-executable", ")", ")",
         "-o", "(", "!", "-type", "d", "!", "-readable", ")", ")", "-print"],
        capture_output=True, text=True)
    lines = found.stdout.splitlines() + [line for line in found.stderr.splitlines() if line]
    return lines[:10]


def available() -> bool:
    return os.path.exists(NGINX)


def port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as nginx binds
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def site_config(upstreams: list[str], build_dir: Path, http_port: int, https_port: int,
                cert: Path, key: Path, plain_port: int | None = None) -> str:
    """deploy/nginx.conf with the test's ports, servers, certificate and build folder
    (``plain_port``: the site's server also listens without TLS there, as behind a load
    balancer that ends TLS; the bench measures both)."""
    text = CONFIG.read_text()
    found = re.search(r"^    server 127\.0\.0\.1:3000(?P<options>[^;]*);", text, re.MULTILINE)
    assert found, "deploy/nginx.conf no longer has its upstream line"
    servers = "".join(f"server {u}{found['options']};\n    " for u in upstreams).rstrip()
    replacements = {
        found.group(0).strip(): servers,
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{https_port} ssl http2;"
                                 + (f"\n    listen 127.0.0.1:{plain_port};" if plain_port else ""),
        "/etc/letsencrypt/live/uzdev.kr/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/uzdev.kr/privkey.pem": str(key),
        "root /srv/uzdev/.web/build/client;": f"root {build_dir};",
    }
    for old, new in replacements.items():
        assert old in text, f"deploy/nginx.conf no longer has {old!r}"
        text = text.replace(old, new)
    return text


@contextlib.contextmanager
def nginx_proxy(upstreams: list[str], build_dir: Path, work: Path,
                https_port: int | None = None, workers: str = "1",
                plain: bool = False) -> Iterator[dict]:
    """nginx with deploy/nginx.conf in front of ``upstreams`` (``host:port``), serving the
    built client of ``build_dir``, its workers running as ``www-data``; yields its ``http``
    and ``https`` base URLs and its access log (``$upstream_addr $status "$request"``: ``-``
    for a file nginx served from disk itself)."""
    work.mkdir(parents=True, exist_ok=True)
    _let_the_workers_reach(build_dir)
    # The workers write request bodies and long answers to temporary files: a folder of their own.
    spool = Path(tempfile.mkdtemp(prefix="uzdev-nginx-"))
    shutil.chown(spool, WORKER_USER, WORKER_USER)
    subprocess.run(
        # ECDSA, as certbot issues by default (a handshake several times cheaper than RSA's)
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", str(work / "key.pem"), "-out", str(work / "cert.pem")],
        check=True, capture_output=True,
    )
    http_port, https_port = free_port(), https_port or free_port()
    plain_port = free_port() if plain else None
    config = site_config(upstreams, build_dir, http_port, https_port, work / "cert.pem", work / "key.pem",
                         plain_port)
    module = f"load_module {BROTLI_MODULE};\n" if BROTLI_MODULE.exists() else ""
    (work / "nginx.conf").write_text(
        f"{module}user {WORKER_USER};\nworker_processes {workers};\npid {work}/nginx.pid;\nerror_log {work}/error.log;\n"
        "events { worker_connections 1024; }\n"
        f"http {{\n include /etc/nginx/mime.types;\n default_type application/octet-stream;\n"
        " log_format nodes '$upstream_addr $status \"$request\"';\n"
        f" access_log {work}/access.log nodes;\n client_body_temp_path {spool}/body;\n proxy_temp_path {spool}/proxy;\n"
        f" fastcgi_temp_path {spool}/fcgi;\n uwsgi_temp_path {spool}/uwsgi;\n scgi_temp_path {spool}/scgi;\n"
        f"{config}\n}}\n"
    )
    proc = subprocess.Popen([NGINX, "-p", str(work), "-c", str(work / "nginx.conf"), "-g", "daemon off;"])
    deadline = time.monotonic() + 20
    try:
        while True:
            try:
                httpx.get(f"https://127.0.0.1:{https_port}/ping", verify=False, timeout=2)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError((work / "error.log").read_text()) from None
                time.sleep(0.3)  # polling the starting proxy (deadline above), not a fixed wait
        yield {"http": f"http://127.0.0.1:{http_port}", "https": f"https://127.0.0.1:{https_port}",
               "plain": f"http://127.0.0.1:{plain_port}" if plain_port else None,
               "standard_port": https_port == 443, "access_log": work / "access.log"}
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(spool, ignore_errors=True)
