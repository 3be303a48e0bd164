"""The fault drill (issue 40): the documented production layout, broken on purpose.

Two app nodes started from ONE copied build (built in a folder of its own, which is then
removed: a node naming a path of the build machine fails), in production mode, behind
nginx with deploy/nginx.conf (workers as www-data), one PostgreSQL (a database of the
drill's own), and a Redis, an S3 stand-in and an SMTP server of the test's own (so they can
be restarted). tests/cluster.py starts them.

- A member's registration over the websocket survives its node: stopped (SIGTERM) while
  the registration waits on the database, the node finishes it and the page shows the
  confirmation; killed (SIGKILL), the page says the registration did not go through, keeps
  the answers, and sending them again registers the member once.
- The drill: a steady load (pages, API reads, registrations through the REST API) while
  a node is killed, Redis restarted, the store restarted, and both nodes restarted one by
  one as docs/operations.md says. It fails on any 5xx during the rolling restart, on any
  registration answered 2xx that is not in the database or is there twice, on any
  registration without exactly one confirmation email. Killed mid-registration 10 to 20
  times (at least twice at each delay, then until each of the three outcomes was seen): the
  client gets a 2xx and the registration exists with its email, or gets an error and a
  retry registers it; never a 2xx without the row, never a row without the email.
  Figures are printed (docs/operations.md has them).

Runs with ``COMMUNITY_E2E_FAULT_DRILL=1`` and ``COMMUNITY_TEST_POSTGRES_URL`` (``make
test-drill``, run by ``make test-production-config``); skipped otherwise.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import threading
import time

import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from tests.cluster import MailServer, Node, RedisServer, Store, build_once, ship
from tests.e2e.conftest import offline, wait_ready
from tests.nginx_proxy import available, nginx_proxy
from tests.postgres import fresh_database
from tests.prodserver import ROOT, free_port
from tests.waiting import wait_until

POSTGRES_URL = os.environ.get("COMMUNITY_TEST_POSTGRES_URL", "").strip()

pytestmark = pytest.mark.skipif(
    not (POSTGRES_URL and os.environ.get("COMMUNITY_E2E_FAULT_DRILL") == "1"),
    reason="make test-drill runs it (COMMUNITY_E2E_FAULT_DRILL=1, COMMUNITY_TEST_POSTGRES_URL)")

ANSWERS = {"attendanceReason": "networking", "interestedField": "mobile",
           "expectation": "Meet other mobile developers in Seoul.", "consent": True}


@pytest.fixture(autouse=True)
def _no_internet():
    """This module makes its own browser contexts (offline, on the proxy's address): it
    never starts the suite's single-node site."""


def drill_database() -> str:
    """``<the tests' database>_drill``, emptied: the other tests empty theirs."""
    return fresh_database(POSTGRES_URL, "drill")


@dataclasses.dataclass
class Cluster:
    nodes: tuple[Node, Node]
    proxy: dict
    redis: RedisServer
    store: Store
    mail: MailServer
    env: dict
    engine: sa.Engine
    members: list[dict]
    meetups: list[int]
    next_member: int = 0

    def member(self) -> dict:
        """A member no test has used yet (each registers once per meetup)."""
        return self.take(1)[0]

    def take(self, count: int) -> list[dict]:
        taken = self.members[self.next_member:self.next_member + count]
        assert len(taken) == count, "the drill needs more members (drill_seed)"
        self.next_member += count
        return taken

    def node_named(self, db_name: str) -> Node:
        return next(node for node in self.nodes if node.db_name == db_name)

    def registrations(self, user_id: int, meetup_id: int) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(sa.text(
                "SELECT status FROM meetup_registrations WHERE user_id = :u AND meetup_id = :m"),
                {"u": user_id, "m": meetup_id}).scalars())

    def emails_to(self, address: str) -> list:
        return [m for m in self.mail.received() if m["To"] == address]

    def restart(self, node: Node) -> None:
        if node.process is not None:
            node.stop()
        node.start()
        node.wait_ready()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if not available():
        pytest.skip("nginx is not installed (make test installs it)")
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (make test installs it)")
    work = tmp_path_factory.mktemp("fault-drill")
    started = time.monotonic()
    database = drill_database()
    redis, store, mail = RedisServer(), Store(), MailServer()
    redis.start()
    store.start()
    mail.start()
    https_port = free_port()
    env = {
        **os.environ,
        "COMMUNITY_ENV": "production",
        "COMMUNITY_SECRET_KEY": secrets.token_urlsafe(48),  # one secret: tokens work on both
        "COMMUNITY_DATABASE_URL": database,
        "REFLEX_REDIS_URL": redis.url,
        "COMMUNITY_STORAGE_URL": store.bucket.url,
        "COMMUNITY_SMTP_URL": mail.url,
        "COMMUNITY_PUBLIC_URL": f"https://127.0.0.1:{https_port}",
        "COMMUNITY_TRUSTED_PROXY_HOPS": "1",
        "COMMUNITY_WORKERS": "1",
        "COMMUNITY_SCHEDULER_INTERVAL": "2",
    }
    for name in ("COMMUNITY_PREBUILT", "COMMUNITY_VAR_DIR", "COMMUNITY_MAIL_OUTBOX"):
        env.pop(name, None)
    # The build machine: a copy of this commit, built as `make build` builds, with the
    # settings of a build machine (no production secrets).
    build_env = {k: v for k, v in os.environ.items() if k != "COMMUNITY_PREBUILT"}
    build_once(work / "build", build_env)
    for name in ("node-a", "node-b", "proxy"):
        ship(work / "build", work / name)
    shutil.rmtree(work / "build")  # nothing may still need the build machine's folder
    print(f"\nthe build, shipped to two nodes and the proxy: {time.monotonic() - started:.0f} s")
    subprocess.run([sys.executable, "-m", "community_app.ops.cli", "migrate"], cwd=work / "node-a",
                   env=env, check=True, capture_output=True)
    seeded = json.loads(subprocess.run(
        [sys.executable, "-m", "tests.drill_seed", "1200", "3", "10000"], cwd=ROOT, env=env,
        check=True, capture_output=True, text=True).stdout)
    nodes = (Node("a", work / "node-a", env, work / "logs"), Node("b", work / "node-b", env, work / "logs"))
    for node in nodes:
        node.start()
    for node in nodes:
        node.wait_ready()
    engine = sa.create_engine(database)
    with nginx_proxy([node.address for node in nodes], work / "proxy" / ".web" / "build" / "client",
                     work / "nginx", https_port) as proxy:
        print(f"two nodes and the proxy up after {time.monotonic() - started:.0f} s")
        yield Cluster(nodes, proxy, redis, store, mail, env, engine, seeded["members"], seeded["meetups"])
        for node in nodes:
            if node.process is not None:
                node.stop()
    engine.dispose()
    redis.stop()
    store.stop()
    mail.stop()


# ---------------------------------------------------------------- a registration's node dies


def register_page(browser, cluster: Cluster, member: dict, meetup_id: int):
    """The registration form of ``meetup_id`` through the proxy, signed in as ``member``
    (its access token in the browser, as a sign-in leaves it), filled in."""
    context = offline(browser.new_context(base_url=cluster.proxy["https"], ignore_https_errors=True,
                                          locale="en-US"))
    context.add_init_script(f"localStorage.setItem('uzdev_accessToken', {json.dumps(member['token'])})")
    page = context.new_page()
    page.goto(f"/events/upcoming/register/{meetup_id}")
    wait_ready(page)
    page.get_by_role("radio", name="Networking", exact=True).click()
    page.get_by_role("radio", name="Mobile", exact=True).click()
    page.get_by_label("What do you expect from this event?").fill(ANSWERS["expectation"])
    page.get_by_role("checkbox").check()
    return page


class SeatLock:
    """The meetup's row locked by another transaction: a registration waits for it, in
    the middle of its own transaction, until ``release``."""

    def __init__(self, engine: sa.Engine, meetup_id: int) -> None:
        self.conn = engine.connect()
        self.tx = self.conn.begin()
        self.conn.execute(sa.text("SELECT id FROM meetups WHERE id = :m FOR UPDATE"), {"m": meetup_id})

    def release(self) -> None:
        self.tx.rollback()
        self.conn.close()


def _websocket_on(cluster: Cluster, node: Node) -> None:
    """Make ``node`` the one that takes the next page's websocket: the other one is
    stopped until the page is open (nginx sends everything to the node that answers)."""
    other = cluster.nodes[1] if node is cluster.nodes[0] else cluster.nodes[0]
    other.stop()


def _submit_while_the_seat_is_locked(browser, cluster: Cluster, node: Node):
    member, meetup = cluster.member(), cluster.meetups[0]
    _websocket_on(cluster, node)
    page = register_page(browser, cluster, member, meetup)
    other = cluster.nodes[1] if node is cluster.nodes[0] else cluster.nodes[0]
    other.start()
    other.wait_ready()
    lock = SeatLock(cluster.engine, meetup)
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.get_by_role("button", name=re.compile("Submitting"))).to_be_visible()
    return page, member, meetup, lock


def test_a_node_stopped_mid_registration_finishes_it_and_the_page_shows_it(browser, cluster):
    node = cluster.nodes[0]
    page, member, meetup, lock = _submit_while_the_seat_is_locked(browser, cluster, node)
    stopped = threading.Thread(target=node.stop)
    stopped.start()
    wait_until(lambda: not node.answers(), timeout_s=10, every_s=0.05, what="node a refusing")
    lock.release()  # the registration goes on while its node stops
    stopped.join()
    expect(page.get_by_role("dialog")).to_contain_text("You are registered!")
    assert cluster.registrations(member["id"], meetup) == ["ACCEPTED"]
    wait_until(lambda: cluster.emails_to(member["email"]), what="the confirmation email")
    node.start()
    node.wait_ready()
    assert len(cluster.emails_to(member["email"])) == 1
    page.context.close()


def test_a_node_killed_mid_registration_the_page_says_so_keeps_the_answers_and_a_retry_works(
        browser, cluster):
    node = cluster.nodes[0]
    page, member, meetup, lock = _submit_while_the_seat_is_locked(browser, cluster, node)
    node.kill()
    lock.release()
    # The page's websocket reconnects through nginx to node b.
    expect(page.get_by_role("alert")).to_contain_text("Your registration did not go through")
    assert cluster.registrations(member["id"], meetup) == []
    expect(page.get_by_label("What do you expect from this event?")).to_have_value(ANSWERS["expectation"])
    expect(page.get_by_role("radio", name="Networking", exact=True)).to_be_checked()
    expect(page.get_by_role("checkbox")).to_be_checked()
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.get_by_role("dialog")).to_contain_text("You are registered!")
    assert cluster.registrations(member["id"], meetup) == ["ACCEPTED"]
    wait_until(lambda: cluster.emails_to(member["email"]), what="the confirmation email")
    node.start()
    node.wait_ready()
    page.get_by_role("dialog").get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.reload()  # the outcome was shown and closed: nothing is said again
    wait_ready(page)
    expect(page.get_by_text("You are already registered for this event.")).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert len(cluster.emails_to(member["email"])) == 1
    page.context.close()


# ---------------------------------------------------------------- nothing lost, nothing twice


def sent_confirmations(cluster: Cluster, pairs: set[tuple[int, int]], timeout_s: float = 240) -> None:
    """Once the mail queue has drained (a row a killed node was sending is sent again after
    its 2-minute lease), every registration of ``pairs`` in the database has had exactly
    one confirmation email (one Message-ID; a copy sent again carries the same one)."""
    def drained() -> bool:
        with cluster.engine.connect() as conn:
            return not conn.execute(sa.text(
                "SELECT count(*) FROM mail_queue WHERE status IN ('PENDING', 'SENDING')")).scalar()

    wait_until(drained, timeout_s=timeout_s, every_s=1, what="the mail queue drained")
    with cluster.engine.connect() as conn:
        rows = conn.execute(sa.text(
            "SELECT r.user_id, r.meetup_id, u.email, m.title, q.status, q.attempts, q.last_error "
            "FROM meetup_registrations r JOIN users u ON u.id = r.user_id "
            "JOIN meetups m ON m.id = r.meetup_id LEFT JOIN mail_queue q ON q.kind = 'confirmation' "
            "AND q.ref_id = r.id")).all()
    wrong = []
    for user_id, meetup_id, address, title, *queued in rows:
        if (user_id, meetup_id) not in pairs:
            continue
        ids = {m["Message-ID"] for m in cluster.mail.to(address) if m["Subject"].endswith(title)}
        if len(ids) != 1:
            wrong.append((address, title, sorted(ids), queued,
                          [m["Subject"] for m in cluster.mail.to(address)]))
    assert wrong == [], f"registrations without exactly one confirmation: {wrong[:5]}"


def _post_registration(base: str, member: dict, meetup: int):
    import httpx

    try:
        return httpx.post(f"{base}/api/v1/users/meetups/{meetup}/registration", verify=False, timeout=60,
                          headers={"Authorization": f"Bearer {member['token']}"}, json=ANSWERS)
    except httpx.HTTPError as exc:
        return exc


def _waiting_node(cluster: Cluster) -> str | None:
    """The node whose request waits on a lock in the database (its connection's name)."""
    with cluster.engine.connect() as conn:
        return conn.execute(sa.text(
            "SELECT application_name FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND application_name LIKE 'uzdev-node-%'")).scalar()


KILL_ATTEMPTS = 20  # at most
KILL_ATTEMPTS_AT_LEAST = 10  # each delay below twice
# The node is killed this long after the seat's lock is let go: before, during or after
# the registration's commit and its answer.
KILL_DELAYS_S = (0.0, 0.003, 0.006, 0.012, 0.025)


# What a kill can end in (the outcomes printed end with these): a 2xx and the registration
# made; an error and not made (the retry registers); an error and made (the retry says so).
OUTCOME_KINDS = ("2xx, registered", ", not registered; the retry registered", ", registered; the retry said so")


def test_a_node_killed_mid_registration_up_to_20_times_loses_nothing(cluster):
    """Each time: a registration through nginx waits in the database on the node it
    reached; the lock goes and that node is killed a moment later. The member either got a
    2xx and is registered, or got an error and a retry (through nginx, to the other node)
    registers them or says they already are: one registration, one email, every time.
    Each kill waits for the node killed before to start again (about 7 s): once every
    delay was tried twice and each outcome was seen, more kills only repeat them."""
    base, meetup = cluster.proxy["https"], cluster.meetups[0]
    outcomes: dict[str, int] = {}
    pairs = set()
    started = time.monotonic()
    attempts = 0
    while attempts < KILL_ATTEMPTS and not (
            attempts >= KILL_ATTEMPTS_AT_LEAST
            and all(any(seen.endswith(kind) for seen in outcomes) for kind in OUTCOME_KINDS)):
        attempt, attempts = attempts, attempts + 1
        member = cluster.member()
        pairs.add((member["id"], meetup))
        lock = SeatLock(cluster.engine, meetup)
        answer = {}
        sender = threading.Thread(target=lambda: answer.update(first=_post_registration(base, member, meetup)))
        sender.start()
        node = cluster.node_named(wait_until(lambda: _waiting_node(cluster), timeout_s=30, every_s=0.01,
                                             what="the registration waiting on the seat"))
        other = cluster.nodes[1] if node is cluster.nodes[0] else cluster.nodes[0]
        other.wait_ready()  # the node killed last time is back: the retry has somewhere to go
        lock.release()
        time.sleep(KILL_DELAYS_S[attempt % len(KILL_DELAYS_S)])  # lands before, in or after the commit
        node.kill()
        sender.join()
        node.start()
        first = answer["first"]
        registered = cluster.registrations(member["id"], meetup)
        if not isinstance(first, Exception) and 200 <= first.status_code < 300:
            assert registered == ["ACCEPTED"], (attempt, first.text)
            outcome = "2xx, registered"
        else:
            status = first.status_code if not isinstance(first, Exception) else type(first).__name__
            assert status in (502, 504) or isinstance(first, Exception), (attempt, status)
            retry = _post_registration(base, member, meetup)
            assert not isinstance(retry, Exception), retry
            if retry.status_code == 201:
                assert registered == [], "an error answered, but the registration was made"
                outcome = f"{status}, not registered; the retry registered"
            else:
                assert retry.status_code == 409, retry.text
                assert "already registered" in retry.json()["message"], retry.text
                assert registered == ["ACCEPTED"]
                outcome = f"{status}, registered; the retry said so"
            assert cluster.registrations(member["id"], meetup) == ["ACCEPTED"]
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    for node in cluster.nodes:
        node.wait_ready()
    print(f"\nkilled mid-registration {attempts} times in {time.monotonic() - started:.0f} s: {outcomes}")
    sent_confirmations(cluster, pairs)


@dataclasses.dataclass
class Phase:
    name: str
    started: float
    ended: float = 0.0
    fault_over: float = 0.0  # when the fault was undone (the node, Redis, the store answers)
    note: str = ""


def _health_ok(node: Node) -> bool:
    import httpx

    try:
        return httpx.get(f"{node.url}/api/v1/health", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False


def _cover_path(base: str) -> str:
    import httpx

    meetups = httpx.get(f"{base}/api/v1/public/meetups", params={"size": 1}, verify=False).json()
    return meetups["data"]["content"][0]["coverURL"]


NGINX_TAKES_IT_BACK_S = 3  # deploy step 4.2: nginx's fail_timeout (2 s) has passed


def test_the_drill_a_steady_load_through_a_killed_node_redis_and_store_restarts_and_a_rolling_restart(
        cluster):
    from tests.cluster import Load

    a, b = cluster.nodes
    base = cluster.proxy["https"]
    members = cluster.take(600)
    pairs = [(m, meetup) for meetup in cluster.meetups[1:] for m in members]
    reads = ["/", "/api/v1/public/meetups?size=5", "/events", "/api/v1/public/news?size=5",
             "/news", _cover_path(base)]
    load = Load(base, reads, pairs)
    phases: list[Phase] = []

    def phase(name: str) -> Phase:
        if phases:
            phases[-1].ended = time.monotonic()
        phases.append(Phase(name, time.monotonic()))
        return phases[-1]

    load.start()
    phase("steady")
    time.sleep(5)  # the load runs: the steady state to compare with

    current = phase("a node killed (SIGKILL), started again")
    a.kill()
    a.start()
    a.wait_ready()
    current.fault_over = time.monotonic()
    time.sleep(NGINX_TAKES_IT_BACK_S)  # nginx takes the node back

    current = phase("Redis restarted (comes back empty)")
    cluster.redis.stop()
    cluster.redis.start()
    current.fault_over = time.monotonic()
    wait_until(lambda: all(_health_ok(node) for node in cluster.nodes), timeout_s=60, every_s=0.2,
               what="both nodes healthy after Redis came back")
    time.sleep(2)  # the load runs on the restarted Redis

    current = phase("the object store down 3 s, started again")
    cluster.store.stop()
    time.sleep(3)  # the outage the load sees (covers answer 503 meanwhile)
    cluster.store.start()
    current.fault_over = time.monotonic()
    wait_until(lambda: all(_health_ok(node) for node in cluster.nodes), timeout_s=60, every_s=0.2,
               what="both nodes healthy after the store came back")
    time.sleep(2)  # the load runs on the restarted store

    rolling = phase("rolling restart (docs/operations.md, deploy step 4)")
    stops = []
    for node in (b, a):
        stops.append(node.stop())
        node.start()
        node.wait_ready()
        time.sleep(NGINX_TAKES_IT_BACK_S)  # deploy step 4.2, before the next node
    rolling.fault_over = time.monotonic()
    rolling.note = "stops took " + ", ".join(f"{s:.1f} s" for s in stops)
    phase("after")
    time.sleep(3)  # the load runs on the restarted nodes
    phases[-1].ended = time.monotonic()
    outcomes = load.stop()

    # The figures (docs/operations.md "Measured").
    lines = [f"{'phase':<52} {'s':>5} {'requests':>8} {'failed':>6}  {'failures':<30} recovered"]
    for p in phases:
        inside = [o for o in outcomes if p.started <= o.ended < p.ended]  # by when it ended
        failed = [o for o in inside if o.failed]
        kinds: dict[str, int] = {}
        for o in failed:
            key = f"{o.kind} {o.status or o.error.split(':')[0]}"
            kinds[key] = kinds.get(key, 0) + 1
        recovered = (f"{max(o.ended for o in failed) - p.started:.1f} s after the fault" if failed
                     else "nothing failed")
        lines.append(f"{p.name:<52} {p.ended - p.started:5.1f} {len(inside):8} {len(failed):6}  "
                     f"{json.dumps(kinds):<30} {recovered} {p.note}")
    registrations = [o for o in outcomes if o.kind == "registration"]
    lines.append(f"registrations sent {len(registrations)}, answered 2xx "
                 f"{sum(1 for o in registrations if o.status and 200 <= o.status < 300)}")
    print("\n" + "\n".join(lines))

    during_rolling = [o for o in outcomes if rolling.started <= o.ended and o.started < phases[-1].started]
    assert [o for o in during_rolling if o.failed] == [], "the rolling restart failed requests"
    unhandled = [o for o in outcomes if o.status == 500]
    assert unhandled == [], f"answered 500: {[(o.kind, o.error) for o in unhandled[:5]]}"
    # Nothing lost, nothing twice: every 2xx is one registration in the database, and every
    # registration made (answered or not) has its one email.
    sent = {o.pair for o in registrations}
    with cluster.engine.connect() as conn:
        made = conn.execute(sa.text(
            "SELECT user_id, meetup_id, count(*) FROM meetup_registrations GROUP BY user_id, meetup_id")).all()
    counts = {(u, m): n for u, m, n in made if (u, m) in sent}
    answered = {o.pair for o in registrations if o.status and 200 <= o.status < 300}
    assert [pair for pair in answered if counts.get(pair) != 1] == []
    assert [pair for pair, n in counts.items() if n != 1] == []
    unanswered_but_made = [pair for pair in counts if pair not in answered]
    print(f"registrations made whose answer was an error: {len(unanswered_but_made)}")
    sent_confirmations(cluster, sent)
