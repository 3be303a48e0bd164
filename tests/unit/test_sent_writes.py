"""Every write a member starts over the websocket goes through one mechanism
(``community_app/state/sent_writes.py``, issue 40): found from the code, not from a list.

A *write handler* is an event handler of a Reflex state in ``community_app/state/`` that
reaches (through its own state's helpers and its module's functions) a function of
``community_app/services/`` that changes the database: one that adds, deletes, flushes,
commits or runs an INSERT/UPDATE/DELETE, or calls such a function. Each must carry
``@write`` (its answer erases the browser's note), and each place a page triggers it must
go through ``sent(...)`` (the note is written before the event goes).
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import inspect
import pkgutil
import textwrap
from functools import cache
from pathlib import Path

import pytest
import reflex as rx

import community_app.state as state_package
from community_app.state import sent_writes
from community_app.state.sent_writes import answer_script, is_write, note_script, sent, write

ROOT = Path(__file__).resolve().parents[2]
SERVICES = ROOT / "community_app" / "services"
UI = ROOT / "community_app" / "ui"
# The back office (organizers' tools, each action answered by its list read again) and the
# sign-in doors (a lost sign-in leaves the form on screen to send again; it writes only
# the sign-in's own records) are not members' writes of this issue.
NOT_MEMBER_WRITES = ("community_app.state.admin", "community_app.state.login",
                     "community_app.state.google", "community_app.state.telegram",
                     "community_app.state.password_reset", "community_app.state.complete_account",
                     "community_app.state.confirm_sign_up", "community_app.state.auth",
                     "community_app.state.page_load")
# The registration form's own note gives the answers back too (state/event_register.py).
OWN_NOTE = ("EventRegisterState.submit", "EventRegisterState.join_waitlist")
# Not the database: the shared cache and the rate limits' counters (Redis or memory).
NOT_DATABASE = ("cache.py", "ratelimit.py", "cache_topics.py")
SIGN_IN = ("community_app.state.auth", "community_app.state.page_load")
WRITING_METHODS = {"add", "add_all", "delete", "flush", "commit", "merge", "bulk_save_objects"}
WRITING_STATEMENTS = {"update", "insert", "delete"}


# Names too common to tell one function from another (a dict's get, a result's first...):
# never followed, so a service function named so cannot make every reader a writer.
COMMON_NAMES = {"get", "items", "values", "keys", "append", "extend", "update", "pop", "setdefault",
                "copy", "format", "join", "split", "strip", "replace", "lower", "upper", "sort",
                "count", "index", "first", "all", "one", "scalar", "scalars", "exec", "execute",
                "where", "filter", "order_by", "limit", "offset", "select", "run", "read", "load",
                "send", "close", "open", "main", "create", "set", "add", "remove", "clear", "apply"}


def _called_name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _writes_itself(node: ast.AST) -> bool:
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in WRITING_METHODS and isinstance(
                func.value, ast.Name) and "session" in func.value.id.lower():
            return True
        if _called_name(call) in WRITING_STATEMENTS and not (
                isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                and func.value.id in ("self", "dict", "values", "data")):
            return True
    return False


@cache
def writing_services() -> frozenset[str]:
    """The names of the service functions that change the database (directly or through
    another one)."""
    functions: dict[str, list[ast.AST]] = {}
    for path in SERVICES.rglob("*.py"):
        if path.name in NOT_DATABASE:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.setdefault(node.name, []).append(node)
    writing = {name for name, nodes in functions.items()
               if name not in COMMON_NAMES and any(map(_writes_itself, nodes))}
    while True:
        more = {name for name, nodes in functions.items()
                if name not in writing and name not in COMMON_NAMES and any(
                    _called_name(c) in writing for n in nodes for c in ast.walk(n) if isinstance(c, ast.Call))}
        if not more:
            return frozenset(writing)
        writing |= more


def _tree_of(fn) -> ast.AST:
    return ast.parse(textwrap.dedent(inspect.getsource(fn)))


def _reaches_a_write(cls: type, fn, module, seen: set) -> bool:
    fn = getattr(fn, "__wrapped__", fn)
    if fn in seen:
        return False
    seen.add(fn)
    for call in (n for n in ast.walk(_tree_of(fn)) if isinstance(n, ast.Call)):
        name = _called_name(call)
        func = call.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            helper = inspect.getattr_static(cls, name, None)
            helper = getattr(helper, "__func__", helper)
            helper = getattr(helper, "fn", helper)
            if getattr(helper, "__module__", "").startswith(SIGN_IN):
                continue  # the sign-in's check (a refreshed token is its own bookkeeping)
            if callable(helper) and not isinstance(helper, type) and _reaches_a_write(cls, helper, module, seen):
                return True
            continue
        if name in writing_services():
            return True
        local = getattr(module, name, None) if isinstance(func, ast.Name) else None
        if inspect.isfunction(local) and local.__module__ == module.__name__ and _reaches_a_write(cls, local, module, seen):
            return True
    return False


@cache
def member_write_handlers() -> dict[str, object]:
    """``State.handler`` -> the event handler, for every member's write handler."""
    for info in pkgutil.iter_modules(state_package.__path__):
        importlib.import_module(f"community_app.state.{info.name}")
    found = {}
    stack = [rx.State]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        module = inspect.getmodule(cls)
        if module is None or not module.__name__.startswith("community_app.state."):
            continue
        if module.__name__.startswith(NOT_MEMBER_WRITES):
            continue
        for name, handler in cls.event_handlers.items():
            fn = handler.fn
            if fn.__qualname__.split(".")[0] != cls.__name__:
                continue  # inherited: judged where it is defined
            if f"{cls.__name__}.{name}" not in OWN_NOTE and _reaches_a_write(cls, fn, module, set()):
                found[f"{cls.__name__}.{name}"] = handler
    return found


def test_the_finder_sees_writes_and_leaves_reads():
    found = set(member_write_handlers())
    for write_handler in ("NewsDetailState.post_comment", "NewsDetailState.post_reply",
                          "MyPageState.save_account", "MyPageState.change_password",
                          "MyPageState.set_news_emails", "JobAlertsState.confirm_delete",
                          "SpeakerState.submit", "MyMeetupsState.leave",
                          "EventDetailState.cancel_registration"):
        assert write_handler in found, write_handler
    for read in ("NewsDetailState.toggle_replies", "NewsDetailState.start_reply", "JobsState.choose",
                 "MyPageState.show_section"):
        assert read not in found, read


def test_every_member_write_handler_answers_through_the_mechanism():
    missing = sorted(name for name, handler in member_write_handlers().items() if not is_write(handler))
    assert not missing, f"write handlers without @sent_writes.write: {missing}"


def test_every_page_trigger_of_a_write_goes_through_sent():
    writes = set(member_write_handlers())
    unsent = []
    for path in sorted(UI.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        tree = ast.parse(path.read_text())
        inside_sent: set[int] = set()
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if _called_name(call) == "sent":
                inside_sent.update(id(n) for n in ast.walk(call))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
                continue
            owner = getattr(module, node.value.id, None)
            if (isinstance(owner, type) and f"{owner.__name__}.{node.attr}" in writes
                    and id(node) not in inside_sent):
                unsent.append(f"{path.relative_to(ROOT)}:{node.lineno} {owner.__name__}.{node.attr}")
    assert not unsent, f"write triggers without sent(...): {unsent}"


# ---------------------------------------------------------------- the mechanism itself


class _Example(rx.State):
    said: str = ""

    @rx.event
    @write
    def plain(self, value: str):
        self.said = value
        return rx.redirect("/")

    @rx.event
    @write
    def stepped(self, value: str):
        self.said = value
        yield
        yield rx.redirect("/")

    @rx.event
    @write
    async def awaited(self, value: str):
        self.said = value

    @rx.event
    @write
    async def streamed(self, value: str):
        self.said = value
        yield


def _answer(event) -> bool:
    """Whether ``event`` is the script that erases a note."""
    return "delete notes" in str(getattr(event, "args", ""))


def test_each_kind_of_handler_ends_with_the_answer_that_erases_its_note():
    class Bare:
        said = ""

    bare = Bare()
    handlers = {name: _Example.event_handlers[name] for name in ("plain", "stepped", "awaited", "streamed")}
    assert all(is_write(handler) for handler in handlers.values())

    plain = handlers["plain"].fn(bare, "a")
    assert bare.said == "a" and len(plain) == 2 and _answer(plain[-1]) and not _answer(plain[0])

    stepped = list(handlers["stepped"].fn(bare, "b"))
    assert bare.said == "b" and stepped[0] is None and _answer(stepped[-1]) and len(stepped) == 3

    awaited = asyncio.run(handlers["awaited"].fn(bare, "c"))
    assert bare.said == "c" and len(awaited) == 1 and _answer(awaited[0])

    async def collect():
        return [update async for update in handlers["streamed"].fn(bare, "d")]

    streamed = asyncio.run(collect())
    assert bare.said == "d" and streamed[0] is None and _answer(streamed[-1])
    assert 'delete notes["_Example.plain"]' in str(plain[-1].args)


def test_the_note_names_the_write_in_both_languages_and_its_answer_erases_it():
    script = note_script("NewsDetailState.post_comment", "Post comment")
    assert sent_writes.NOTES_KEY in script and "Date.now()" in script
    assert '"en": "Post comment"' in script and '"uz": ' in script
    assert '"uz": "Post comment"' not in script  # translated
    assert 'delete notes["NewsDetailState.post_comment"]' in answer_script("NewsDetailState.post_comment")


def test_sent_puts_the_note_before_the_event_and_refuses_a_handler_that_does_not_answer():
    events = sent(_Example.plain("x"), what="Post comment")
    assert len(events) == 2 and events[1].handler.fn.__qualname__.endswith("plain")
    with pytest.raises(TypeError):
        sent(rx.State.set_is_hydrated(True), what="Post comment")


def test_the_page_listens_to_the_event_the_scripts_fire():
    assert sent_writes.CHANGED_EVENT in (ROOT / "assets" / "site.jsx").read_text()


# ---------------------------------------------------------------- a retry that could double


def test_a_comment_sent_again_is_the_one_saved_and_a_new_text_is_a_new_comment(engine, monkeypatch):
    from sqlmodel import Session, select

    from community_app.models import Comment
    from community_app.services import comments
    from tests.api.factories import make_member, make_news

    monkeypatch.setenv("COMMUNITY_LIMIT_COMMENTS_MEMBER", "2/minute")
    news, member = make_news(engine), make_member(engine, username="retrier")
    with Session(engine) as session:
        first = comments.add_comment(session, news.id, member.id, "Great meetup!")
        session.commit()
        again = comments.add_comment(session, news.id, member.id, "Great meetup!")  # not counted
        reply = comments.add_comment(session, news.id, member.id, "Great meetup!", reply_to=first.id)
        reply_again = comments.add_comment(session, news.id, member.id, "Great meetup!", reply_to=first.id)
        session.commit()
        assert again.id == first.id and reply_again.id == reply.id and reply.id != first.id
        assert len(session.exec(select(Comment).where(Comment.news_id == news.id)).all()) == 2
        with pytest.raises(Exception) as refused:  # the limit counted the two new ones only
            comments.add_comment(session, news.id, member.id, "Another thought")
        assert refused.type.__name__ == "TooManyRequests"
