"""Members' control over their data (Korea's Personal Information Protection Act):
consents, sign-in history, retention, export and deletion.

Retention (run by services/scheduler.py in every worker's loop and by the cron command):
- sign-ins older than COMMUNITY_LOGIN_HISTORY_DAYS (default 180) are deleted;
- sign-ups whose email was never confirmed (no code used, no Google) are deleted 7 days
  after they were made;
- accounts whose deletion was asked for are erased 7 days later (unless the member
  cancels it on My Page; signing in does not); data exports are built, and their files removed 24 hours after they are
  ready or once downloaded;
- sent (or given-up) emails lose their address, subject, text and attachments 30 days
  after they went (SENT_MAIL_RETENTION_DAYS).

What erasure and the export do with every table and column is classified in one place,
``personal_data.TABLES`` (how rows relate to a member, delete / anonymise / keep with a
reason, the service steps and stored files, what the export carries); ``deletion`` and
``export`` loop over it, and a test fails on a table or column it does not cover.

One module per concern: ``consents`` (agreements and sign-in history), ``retention``,
``export`` ("Download my data") and ``deletion`` (the grace period and the erasure). How a
deleted member's kept content names them lives in services/authors.py.
"""

from community_app.services.privacy.consents import (  # noqa: F401
    SIGN_UP_KINDS, ConsentView, SignInView, choose_consent, give_consent, has_consent, list_consents,
    list_sign_ins, record_sign_in, withdraw_consent,
)
from community_app.services.privacy.deletion import (  # noqa: F401
    CONFIRM_GOOGLE, DELETION_ASKED, DELETION_CANCELLED, DELETION_GRACE_DAYS, LAST_ORGANIZER,
    NO_PENDING_DELETION, WRONG_PASSWORD, cancel_deletion, check_deletion,
    confirms_with_google, erase_account, erase_due_accounts, is_deleted_member,
    pending_deletion, request_deletion,
)
from community_app.services.privacy.export import (  # noqa: F401
    EXPORT_DOWNLOAD_PATH, EXPORT_LINK_HOURS, EXPORT_LINK_INVALID, EXPORT_NOT_FOUND,
    ExportDownload, build_export, build_waiting_exports, claim_export, collect_member_data,
    delete_export_file, download_link, download_token, expire_exports, export_key,
    finish_download, latest_export, open_download, remove_orphan_exports, request_export,
)
from community_app.services.privacy.retention import (  # noqa: F401
    SENT_MAIL_RETENTION_DAYS, UNVERIFIED_SIGN_UP_DAYS, purge_login_history, purge_sent_mail,
    purge_unverified_sign_ups,
)
