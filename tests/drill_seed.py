"""Members and meetups for the fault drill, written to the drill's database and printed as
JSON: ``python -m tests.drill_seed MEMBERS MEETUPS SEATS`` with the nodes' settings (the
same secret, so the access tokens printed here are accepted by every node).

Run in a process of its own (tests/e2e/test_fault_drill.py): the settings are read once
per process, and the test process has its own."""

from __future__ import annotations

import datetime as dt
import json
import secrets
import sys


def main(members: int, meetups: int, seats: int) -> dict:
    from community_app.core.db import session_scope, utcnow
    from community_app.models import Meetup, User
    from community_app.services import privacy, session_hooks, tokens

    session_hooks.install()  # the meetups written here expire the nodes' cached lists
    now = utcnow()
    tag = secrets.token_hex(3)
    out: dict = {"members": [], "meetups": []}
    with session_scope() as session:
        organizer = User(email=f"drill-organizer-{tag}@example.com", username=f"drillorg{tag}",
                         first_name="Drill", role="organizer", joined_at=now, verified_at=now)
        session.add(organizer)
        session.flush()
        for i in range(meetups):
            meetup = Meetup(title=f"Drill meetup {tag} {i}", description="A meetup of the fault drill.",
                            location="Seoul", starts_at=now + dt.timedelta(days=30 + i),
                            ends_at=now + dt.timedelta(days=30 + i, hours=2), max_seats=seats,
                            available_seats=seats, organizer_id=organizer.id,
                            created_at=now, updated_at=now)
            session.add(meetup)
            session.flush()
            out["meetups"].append(meetup.id)
        users = []
        for i in range(members):
            user = User(email=f"drill-{tag}-{i}@example.com", username=f"drill{tag}{i}",
                        first_name=f"Member{i}", joined_at=now, verified_at=now)
            session.add(user)
            users.append(user)
        session.flush()
        for user in users:
            for kind in privacy.SIGN_UP_KINDS:
                privacy.give_consent(session, user.id, kind, now=now)
            # Good for 15 minutes (tokens.ACCESS_TTL): longer than the drill.
            out["members"].append({"id": user.id, "email": user.email,
                                   "token": tokens.issue_access_token(user, now=now)})
        session.commit()
    return out


if __name__ == "__main__":
    print(json.dumps(main(*(int(a) for a in sys.argv[1:4]))))
