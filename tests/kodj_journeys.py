"""Manual check: the KO'DJ client's own pages, unchanged, against our /api/v1.

Not a pytest module (no ``test_`` names): it drives the real client in Chromium, journey by
journey, and prints PASS/FAIL for each with what it saw. Every journey compares the page
with our own data (read from the API), and fails on "Invalid date", "NaN", "Not given",
the client's "API Error" box, a console error, or a failed call to the API.

Usage (a scratch database; the API alone, without the Reflex build):

    cd <repo>
    export COMMUNITY_DATABASE_URL=sqlite:////tmp/kodj-db/site.db COMMUNITY_VAR_DIR=/tmp/kodj-var \
           COMMUNITY_LOGIN_CODE_DIGITS=5 COMMUNITY_CORS_ORIGINS=http://localhost:5173
    mkdir -p /tmp/kodj-db /tmp/kodj-var
    .venv/bin/python -m community_app.ops.cli migrate && .venv/bin/python -m community_app.ops.cli demo
    # the API with the CORS allow-list the site puts around it (``make run`` does this itself):
    .venv/bin/granian --interface asgi --factory --host 127.0.0.1 --port 3900 \
        tests.kodj_journeys:cors_api &
    # the client (a copy of ../shared/kodj-frontend), built against it:
    #   CYPRESS_INSTALL_BINARY=0 npm install && npm install @react-oauth/google
    #   VITE_API_BASE_URL=http://localhost:3900/api/v1 npx vite build
    #   npx vite preview --port 5173 --host localhost &
    .venv/bin/python tests/kodj_journeys.py

Against ``make run`` instead: build the client with ``VITE_API_BASE_URL=http://localhost:3000/api/v1``
and set ``KODJ_API_URL`` to that. Settings (environment): ``KODJ_CLIENT_URL`` (default
http://localhost:5173), ``KODJ_API_URL`` (default http://localhost:3900/api/v1),
``COMMUNITY_VAR_DIR`` (the outbox holding the emailed sign-in codes, ``$COMMUNITY_VAR_DIR/outbox``),
``KODJ_SHOTS`` (screenshots, default /tmp/kodj-shots), ``KODJ_CHROMIUM`` (default
/usr/bin/chromium), ``KODJ_EMAIL`` (the member signed up; default a new address each run).
The browser runs in Korea time (``Asia/Seoul``), like the community's members.
"""

from __future__ import annotations

import re
import sys
import time
from datetime import datetime
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the checkout, not tests/, is the import root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kodj_browser import (  # noqa: E402, F401  (cors_api: the granian factory named above)
    API,
    EMAIL,
    PASSWORD,
    PHONE,
    ampm,
    check,
    clock,
    cors_api,
    long_date,
)
from tests.kodj_browser import Browser  # noqa: E402


class Run(Browser):
    """The journeys, each a method returning what it saw (``journey`` judges it)."""

    def home(self) -> str:
        stats = self.api("/public/statistics")
        upcoming = self.api("/public/meetups", type="upcoming", page=0, size=10)["content"]
        self.goto("/")
        for label, value in (
            ("Expert Speakers", stats["totalSpeakers"]),
            ("Community Events", stats["totalEvents"]),
            ("Active Members", stats["totalUsers"]),
        ):
            self.wait_text(label)
            check(f"Current: {value}" in self.text(), f"{label}: {value} not shown")
        first = upcoming[0]
        self.wait_text("Time left until the next")
        self.page.get_by_text("Time left until the next").first.scroll_into_view_if_needed()
        self.wait_text(first["title"])
        self.page.wait_for_function(  # the countdown has its numbers
            r"() => /\n\s*\d{2,}\s*\n/.test(document.body.innerText)")
        left = datetime.fromisoformat(first["startTime"]) - datetime.now().astimezone()
        block = self.page.locator("text=Time left until the next").locator("xpath=ancestor::div[3]")
        numbers = re.findall(r"^\s*(\d{2,})\s*$", block.first.inner_text(), re.M)
        check(numbers and int(numbers[0]) == left.days, f"countdown days {numbers[:4]} != {left.days}")
        return (
            f"speakers {stats['totalSpeakers']}, events {stats['totalEvents']}, members "
            f"{stats['totalUsers']}; countdown to {first['title']!r}: {'/'.join(numbers[:4])} "
            f"(d/h/m/s)"
        )

    def news(self) -> str:
        items = self.api("/public/news", type="TECH")["content"]
        self.goto("/news")
        for item in items[:3]:
            self.wait_text(item["title"])
        first = items[0]
        self.page.get_by_text(first["title"]).first.click()
        self.page.wait_for_url(re.compile(rf"/news/{first['id']}$"))
        self.page.wait_for_load_state("networkidle")
        self.wait_text("Back to news")
        body = self.text()
        check(first["title"] in body, "details title missing")
        shown = long_date(first.get("createdAt") or first.get("publishedAt"))
        check(shown in body, f"details date {shown!r} missing")
        return f"{len(items)} TECH items listed; details of {first['title']!r} dated {shown}"

    def comments(self) -> str:
        # The client's comments component is commented out of its NewsDetails page, so its
        # build renders none: check, from the client's origin, the answer the component reads.
        items = self.api("/public/news", type="TECH")["content"]
        news_id = next(
            (i["id"] for i in items if self.api(f"/news/{i['id']}/comments")), items[0]["id"]
        )
        self.goto(f"/news/{news_id}")
        answer = self.page.evaluate(
            "async (u) => (await fetch(u, {credentials: 'include'})).json()",
            f"{API}/news/{news_id}/comments",
        )
        rows = answer["data"]
        check(rows, "no comments")
        for row in rows:
            check(isinstance(row.get("username"), str) and row["username"], f"username {row}")
            check(isinstance(row.get("comment"), str) and row["comment"], f"comment {row}")
            check(isinstance(row.get("replies"), int), f"replies {row}")
            check(isinstance(row.get("likes"), int), f"likes {row}")
            check("avatarURL" in row, f"avatarURL {row}")
            check(str(datetime.fromisoformat(row["createdAt"].replace("Z", "+00:00"))), "createdAt")
        first = rows[0]
        return (
            f"component off in the client's build; from its origin news {news_id} answers "
            f"{len(rows)} comments, e.g. {first['username']}: {first['comment'][:40]!r} "
            f"({first['replies']} replies)"
        )

    def events(self) -> str:
        upcoming = self.api("/public/meetups", type="upcoming", page=0, size=50)["content"]
        self.goto("/events")
        for meetup in upcoming:
            self.wait_text(meetup["title"])
            check(long_date(meetup["meetupDate"]) in self.text(), f"date of {meetup['title']}")
        meetup = next(m for m in upcoming if m["id"] == 1) if any(
            m["id"] == 1 for m in upcoming) else upcoming[0]
        details = self.api(f"/public/meetups/{meetup['id']}/details")
        with self.page.expect_response(re.compile(rf"/public/meetups/{meetup['id']}/details")) as r:
            self.goto(f"/events/upcoming/details/{meetup['id']}")
        seen_answer = r.value.json()["data"]
        self.wait_text(details["title"])
        body = self.text()
        accepted = sum(1 for x in details["meetupRegistrations"] if x["status"] == "ACCEPTED")
        checks = {
            "date": long_date(details["meetupDate"]),
            "time": ampm(details["startTime"]),
            "place": details["location"],
            "count": f"{accepted}/{details['maxSeats']} Registered",
        }
        for what, needle in checks.items():
            check(needle in body, f"{what} {needle!r} not shown")
        for speaker in details["speakers"]:
            name = f"{speaker['firstName']} {speaker['lastName']}".strip()
            check(name in body, f"speaker {name!r} not shown")
        for session in details["keynoteSessions"]:
            times = f"{clock(session['startTime'])} ~ {clock(session['endTime'])}"
            check(times in body, f"session time {times} not shown")
            check(session["topic"] in body if session.get("topic") else True, "session topic")
        notes = seen_answer.get("notes") or []
        for note in notes:
            check(note.get("title") and "description" in note and note.get("status"), f"note {note}")
        return (
            f"{len(upcoming)} upcoming listed; {details['title']!r}: {checks['date']} "
            f"{checks['time']}, {details['location']!r}, {checks['count']}, speakers "
            f"{[s['firstName'] + ' ' + s['lastName'] for s in details['speakers']]}, "
            f"{len(details['keynoteSessions'])} sessions with times, {len(notes)} notes in the "
            f"answer (the client does not render notes)"
        )

    def signup(self) -> str:
        self.goto("/login")
        self.page.get_by_text("Sign up here").click()
        self.page.get_by_placeholder("Email").fill(EMAIL)
        self.page.get_by_placeholder("Phone Number: 010XXXXXXXX").fill(PHONE)
        self.page.get_by_role("button", name="CONTINUE").click()
        self.page.get_by_placeholder("Password", exact=True).fill(PASSWORD)
        self.page.get_by_placeholder("Confirm Password").fill(PASSWORD)
        with self.page.expect_response(re.compile(r"/auth/register$")) as r:
            self.page.get_by_role("button", name="SIGN UP").click()
        check(r.value.status == 202, f"sign-up answered {r.value.status}: {r.value.text()}")
        self.wait_text("Account created successfully")
        return f"{EMAIL} signed up (username {EMAIL.split('@')[0]!r} kept: {r.value.json()['data'].get('username')!r})"

    def login(self) -> str:
        self.page.wait_for_url(re.compile(r"^https?://[^/]+/$"))  # the client goes home after its success message
        self.goto("/login")
        self.page.get_by_placeholder("Email").fill(EMAIL)
        self.page.get_by_placeholder("Password").fill(PASSWORD)
        since = time.time() - 1
        with self.page.expect_response(re.compile(r"/auth/login$")) as r:
            self.page.get_by_role("button", name="LOGIN").click()
        check(r.value.status == 200, f"login answered {r.value.status}")
        boxes = self.page.get_by_label(re.compile(r"OTP digit \d"))
        boxes.first.wait_for()
        check(boxes.count() == 5, f"{boxes.count()} code boxes")
        code = self.newest_code(since)
        for i, digit in enumerate(code):
            boxes.nth(i).fill(digit)
        with self.page.expect_response(re.compile(r"/auth/verify-login-otp$")) as r:
            self.page.get_by_role("button", name="VERIFY OTP").click()
        check(r.value.status == 200, f"code answered {r.value.status}")
        self.page.wait_for_function("() => !!localStorage.getItem('kodj_accessToken')")
        self.page.wait_for_load_state("networkidle")
        me = self.page.evaluate("() => localStorage.getItem('lastUserId')")
        check(me, "no user loaded after login")
        return f"code {code} from the outbox accepted in 5 boxes; tokens stored; member id {me}"

    def refresh(self) -> str:
        old_refresh = self.page.evaluate("() => localStorage.getItem('kodj_refreshToken')")
        # The stored access token, expired: the client checks `exp` and refreshes first.
        self.page.evaluate(
            """() => {
                const [h, p, s] = localStorage.getItem('kodj_accessToken').split('.');
                const claims = JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/')));
                claims.exp = Math.floor(Date.now() / 1000) - 60;
                const body = btoa(JSON.stringify(claims)).replace(/=+$/, '');
                localStorage.setItem('kodj_accessToken', [h, body, s].join('.'));
            }"""
        )
        expired = self.page.evaluate("() => localStorage.getItem('kodj_accessToken')")
        with self.page.expect_response(re.compile(r"/auth/refresh-token$")) as r:
            self.goto("/mypage")
        check(r.value.status == 200, f"refresh answered {r.value.status}")
        self.page.wait_for_load_state("networkidle")
        self.wait_text("Upcoming")
        access = self.page.evaluate("() => localStorage.getItem('kodj_accessToken')")
        new_refresh = self.page.evaluate("() => localStorage.getItem('kodj_refreshToken')")
        check(access and access != expired and access.count(".") == 2, "no new access token")
        check(new_refresh and new_refresh != old_refresh, "refresh token not rotated")
        check(self.page.url.endswith("/mypage"), f"ended on {self.page.url}")
        return "expired access token replaced through /auth/refresh-token; refresh token rotated; My Page open"

    def _meetup_for_registration(self):
        upcoming = self.api("/public/meetups", type="upcoming", page=0, size=50)["content"]
        free = [m for m in upcoming if m["availableSeats"] > 0 and not m.get("requiresApproval")]
        check(free, "no upcoming meetup with seats")
        return max(free, key=lambda m: m["availableSeats"])

    def registration(self) -> str:
        meetup = self._meetup_for_registration()
        self.registered = meetup
        self.goto(f"/events/upcoming/details/{meetup['id']}")
        self.wait_text(meetup["title"])
        self.page.locator("text=Register for Event >> visible=true").first.click()
        self.page.wait_for_url(re.compile(rf"/register/{meetup['id']}"))
        self.page.select_option("#attendanceReason", "job-opportunities")
        self.page.select_option("#interestField", "UI")
        self.page.fill("#expectation", "Meet people who ship LLM and data products in Korea.")
        self.page.locator("input[type=checkbox]").first.check()
        with self.page.expect_response(re.compile(r"/users/meetups/\d+/registration$")) as r:
            self.page.locator("button[type=submit]").first.click()
        check(r.value.status in (200, 201), f"registration answered {r.value.status}: {r.value.text()}")
        self.settle()
        self.goto(f"/events/upcoming/details/{meetup['id']}")
        self.page.reload(wait_until="networkidle")
        self.wait_text("Already registered")
        return (
            f"registered for {meetup['title']!r} ({long_date(meetup['meetupDate'])}) with the "
            f"client's values; after reload: 'Already registered'"
        )

    def jobs(self) -> str:
        full = self.api("/public/job-posts", jobType="FULL_TIME", jobOfferStatus="OPEN",
                        page=0, size=12, sort="createdAt,desc")
        self.goto("/jobs")
        self.wait_text(f"{full['totalElements']} jobs found")
        check([c[2] for c in self.calls if "/public/job-posts" in c[2]], "no jobs call")
        titles = [j["title"] for j in full["content"]]
        body = self.text()
        positions = [body.find(t) for t in titles]
        check(all(p >= 0 for p in positions) and positions == sorted(positions),
              "full-time jobs not all shown newest first")
        # Filter: its Location filter works on the page, on our placeOfWork.
        region = "Busan"
        self.page.select_option("#region-select", label=region)
        self.settle()
        body = self.text()
        in_region = [j["title"] for j in full["content"] if region.lower() in (j["placeOfWork"] or "").lower()]
        check(in_region and all(t in body for t in in_region), f"{region} jobs not shown")
        others = [t for t in titles if t not in in_region and t in body]
        check(not others, f"jobs outside {region} still shown: {others}")
        self.page.select_option("#region-select", index=0)
        # Sort and job type: the client builds the query for them, but its fetchJobs
        # (src/pages/Jobs/index.tsx, useCallback over [getJobs, searchJobs] only) keeps the
        # first values, so choosing them sends no request. Drive the controls, then ask our
        # API, from the client's origin, the exact query they build.
        before = len(self.calls)
        self.page.select_option("#sort-by", "oldest")
        self.page.select_option("#job-type-select", label="Contract")
        self.page.locator("xpath=//select[@id='job-type-select']/following::button[1]").click()
        self.settle()
        sent = [c[2] for c in self.calls[before:] if "/public/job-posts" in c[2]]
        fetch = "async (u) => (await fetch(u, {credentials: 'include'})).json()"
        query = "jobType=CONTRACT&jobOfferStatus=OPEN&page=0&size=12&sort=createdAt%2Casc"
        answer = self.page.evaluate(fetch, f"{API}/public/job-posts?{query}")["data"]
        contract = answer["content"]
        check(contract and all(j["jobType"] == "CONTRACT" for j in contract), "jobType filter")
        stamps = [j["createdAt"] for j in contract]
        check(stamps == sorted(stamps), "createdAt,asc not oldest first")
        by_company = self.page.evaluate(
            fetch, f"{API}/public/job-posts?jobType=FULL_TIME&jobOfferStatus=OPEN&page=0&size=12"
            "&sort=companyName%2Casc")["data"]["content"]
        names = [j["companyName"].casefold() for j in by_company]
        check(names == sorted(names), "companyName,asc not A-Z")
        return (
            f"{full['totalElements']} full-time jobs newest first ({titles[0]!r} ...); Location "
            f"filter {region}: {in_region}; client's Sort/Job Type controls sent "
            f"{len(sent)} request(s) (its own stale callback); the query they build "
            f"({query}) answers {[j['title'][:22] for j in contract]} oldest first, "
            f"companyName,asc A-Z"
        )

    def job_details(self) -> str:
        jobs = self.api("/public/job-posts", jobType="FULL_TIME", jobOfferStatus="OPEN",
                        page=0, size=12, sort="createdAt,desc")["content"]
        job = self.api(f"/public/job-posts/{jobs[0]['id']}")
        self.goto("/jobs")
        self.page.get_by_text(job["title"]).first.click()
        self.page.wait_for_url(re.compile(rf"/jobs/{job['id']}$"))
        self.page.wait_for_load_state("networkidle")
        self.wait_text("Back to Jobs")
        body = self.text()
        for what, needle in (
            ("title", job["title"]),
            ("company", job["companyName"]),
            ("posted", f"Posted: {long_date(job['createdAt'])}"),
            ("status", job["jobOfferStatus"]),
        ):
            check(needle in body, f"{what} {needle!r} not shown")
        for tech in job["technologies"].split(","):
            check(tech.strip() in body, f"technology {tech!r} not shown")
        check(job["content"].split("\n")[0][:40] in body, "description not shown")
        return (
            f"{job['title']!r} at {job['companyName']}, posted {long_date(job['createdAt'])}, "
            f"{job['jobOfferStatus']}, technologies {job['technologies']!r}, description shown"
        )

    def my_page(self) -> str:
        meetup = getattr(self, "registered", None) or self._meetup_for_registration()
        self.goto("/mypage")
        self.wait_text(meetup["title"])
        body = self.text()
        # Its My Events card shows no date (MyEvents passes none); it shows the seats taken.
        now = self.api(f"/public/meetups/{meetup['id']}")
        taken = f"Registered: {now['maxSeats'] - now['availableSeats']}/{now['maxSeats']}"
        check(taken in body, f"{taken!r} not shown")
        # profile: the sidebar (username, email, joined) and the "My account" tab
        self.wait_text(EMAIL)
        check(EMAIL.split("@")[0] in body, "username not shown")
        joined = re.search(r"Joined:\s*([^\n]+)", body)
        check(joined and re.search(r"\d", joined.group(1)), f"joined date {joined}")
        self.page.get_by_text("My account", exact=True).first.click()
        self.settle()
        self.no_bad_text()
        account = self.text()
        check(PHONE in account or EMAIL in account, "account tab shows neither phone nor email")
        self.goto("/mypage")  # back on its Events tab
        self.wait_text(meetup["title"])
        with self.page.expect_response(re.compile(r"/registration/cancel$")) as r:
            self.page.locator("text=Cancel Registration >> visible=true").first.click()
        check(r.value.status == 200, f"cancel answered {r.value.status}")
        self.wait_text("Registration Cancelled")
        self.page.reload(wait_until="networkidle")
        self.wait_text(meetup["title"])
        self.wait_text("Registration Cancelled")
        return (
            f"profile shows {EMAIL.split('@')[0]}, {EMAIL}, joined {joined.group(1).strip()}; my events list "
            f"{meetup['title']!r} ({taken}) under Upcoming; cancelled, still 'Registration Cancelled' after reload"
        )

def main() -> int:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        run = Run(pw)
        run.page.set_default_timeout(15_000)
        for name, fn in (
            ("home", run.home),
            ("news", run.news),
            ("comments", run.comments),
            ("events", run.events),
            ("signup", run.signup),
            ("login", run.login),
            ("token-refresh", run.refresh),
            ("event-registration", run.registration),
            ("jobs", run.jobs),
            ("job-details", run.job_details),
            ("my-page", run.my_page),
        ):
            run.journey(name, fn)
        run.browser.close()
    failed = [name for name, ok, _ in run.results if not ok]
    print(f"\n{len(run.results) - len(failed)}/{len(run.results)} journeys pass"
          + (f"; failing: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
