"""Maintenance commands: ``python -m community_app.ops.cli <command>`` (or the make targets).

  migrate                 upgrade the database to the newest migration
  demo                    load the demo content, only into an empty database
  make-organizer EMAIL    give the user with EMAIL the organizer role
  maintenance on|off      switch the maintenance page
  backup [--to DIR]       archive the database and uploads (default folder var/backups)
  restore ARCHIVE         put an archive made by `backup` back
  run-scheduled           run the scheduled work that is due (retention, account deletions,
                          data exports); for cron, e.g. every minute. Every worker also does
                          this in the background; each run is claimed once in the database
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from community_app.core.db import migrate, session_scope
from community_app.services import session_hooks
from community_app.services.errors import DomainError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m community_app.ops.cli", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate")
    sub.add_parser("demo")
    organizer = sub.add_parser("make-organizer")
    organizer.add_argument("email")
    maintenance = sub.add_parser("maintenance")
    maintenance.add_argument("switch", choices=["on", "off"])
    backup = sub.add_parser("backup")
    backup.add_argument("--to", type=Path, default=None)
    restore = sub.add_parser("restore")
    restore.add_argument("archive", type=Path)
    sub.add_parser("run-scheduled", help="run the scheduled work that is due (for cron)")
    args = parser.parse_args(argv)
    session_hooks.install()  # a command's writes expire the caches and re-index, as the site's do

    if args.command in ("backup", "restore"):
        return _backup_or_restore(args)
    migrate()
    if args.command == "migrate":
        print("Database is up to date.")
    elif args.command == "demo":
        from community_app.demo.seed import load_demo

        with session_scope() as session:
            loaded = load_demo(session)
        print("Demo content loaded." if loaded else "Database not empty: demo content left as it is.")
    elif args.command == "make-organizer":
        from community_app.services.users import make_organizer

        try:
            with session_scope() as session:
                user = make_organizer(session, args.email)
        except DomainError as exc:
            print(exc.message_id, file=sys.stderr)
            return 1
        print(f"{user.email} is now an organizer.")
    elif args.command == "run-scheduled":
        from community_app.services.scheduled_tasks import run_due

        for name, summary in run_due().items():
            print(f"{name}: {summary}")
    elif args.command == "maintenance":
        from community_app.services.site import set_maintenance

        with session_scope() as session:
            current = set_maintenance(session, args.switch == "on")
        print(f"Maintenance page is {'on' if current.maintenance else 'off'}.")
    return 0


def _backup_or_restore(args) -> int:
    from community_app.ops import backup

    try:
        if args.command == "backup":
            print(f"Backup written: {backup.backup(args.to)}")
        else:
            manifest = backup.restore(args.archive)
            migrate()  # an archive from an older version comes up to date
            print(f"Restored the backup of {manifest['created']}.")
    except (backup.BackupError, OSError) as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
