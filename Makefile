# The two commands of the README:
#   make run    install what is missing, migrate, load demo content into an empty
#               database, serve the production build on http://localhost:$(PORT)
#   make test   install what is missing (Debian's chromium too) and run every test
# Installs are remembered by stamp files under .make/, so a second run skips them.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMPS := .make
PORT ?= 3000

export PORT
# Reflex would download bun from the internet; use the one installed from npm.
export REFLEX_USE_SYSTEM_BUN := 1
export PYTHONUNBUFFERED := 1

.PHONY: help run build bench test test-production-config test-drill test-unit test-api test-e2e setup setup-test migrate demo compile-messages messages check-messages organizer backup restore maintenance-on maintenance-off run-scheduled clean

help:
	@echo "make run    - set up, migrate, load demo content, serve http://localhost:$(PORT)"
	@echo "make test   - set up (with chromium) and run unit, API and end-to-end tests"
	@echo "make build  - build the client once (.web/build/client), to copy to every node"
	@echo "make bench  - serve the production build and print page and API figures"
	@echo "make messages / check-messages / compile-messages - translation catalogs"
	@echo "make organizer EMAIL=someone@example.com - give a user the organizer role"
	@echo "make backup [TO=dir] / make restore FILE=archive - database and uploads"
	@echo "make maintenance-on / maintenance-off - switch the maintenance page"

# --- installs (each once; redone only when its input changes) -------------------

$(STAMPS)/python: requirements.txt
	@mkdir -p $(STAMPS)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

$(STAMPS)/bun:
	@mkdir -p $(STAMPS)
	@command -v bun >/dev/null 2>&1 || npm install --global --silent bun
	@bun --version >/dev/null
	@touch $@

$(STAMPS)/chromium:
	@mkdir -p $(STAMPS)
	@if ! command -v chromium >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@touch $@

# zbar-tools: tests/unit/test_ticket_qr.py decodes the tickets' QR codes with zbarimg.
$(STAMPS)/zbar:
	@mkdir -p $(STAMPS)
	@if ! command -v zbarimg >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zbar-tools >/dev/null; \
	fi
	@touch $@

$(STAMPS)/wrk:
	@mkdir -p $(STAMPS)
	@if ! command -v wrk >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	fi
	@touch $@

setup: $(STAMPS)/python $(STAMPS)/bun compile-messages

# nginx: deploy/nginx.conf is run by tests/e2e/test_reverse_proxy.py and test_two_nodes.py.
$(STAMPS)/nginx:
	@mkdir -p $(STAMPS)
	@if ! command -v nginx >/dev/null 2>&1 && ! test -x /usr/sbin/nginx; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; \
	fi
	@touch $@

# axe-core from npm, once, into the git-ignored .make/ folder (as lighthouse below): the
# accessibility gate of tests/e2e/test_accessibility.py injects its axe.min.js into the
# pages (no network while the tests run).
AXE := $(STAMPS)/node_modules/axe-core/axe.min.js
$(AXE):
	@mkdir -p $(STAMPS)
	cd $(STAMPS) && npm install --silent --no-audit --no-fund axe-core@4.10.3

# nginx's brotli_static module: deploy/nginx.conf serves the build's .br copies.
$(STAMPS)/nginx-brotli: $(STAMPS)/nginx
	@if ! test -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-static >/dev/null; \
	fi
	@touch $@

setup-test: setup $(STAMPS)/chromium $(STAMPS)/nginx $(STAMPS)/nginx-brotli $(STAMPS)/zbar $(AXE)

compile-messages: $(STAMPS)/python
	@$(BIN)/python -m community_app.i18n compile >/dev/null

# --- running -------------------------------------------------------------------

migrate: $(STAMPS)/python
	$(BIN)/python -m community_app.ops.cli migrate

demo: migrate
	$(BIN)/python -m community_app.ops.cli demo

run: setup demo
	$(BIN)/reflex run --env prod --loglevel warning

# The production client, built once: the same commit gives the same files in any folder and
# on any machine (community_app/reflex_ext/identical_build.py). Copy the folder to every
# node and start each with COMMUNITY_PREBUILT=1 reflex run --env prod --backend-only
# (docs/operations.md); the proxy serves .web/build/client itself (deploy/nginx.conf).
# In a checkout without .web (a fresh clone, a CI job) `reflex export` first runs Reflex's
# init, which touches requirements.txt (its mtime: the next make target would reinstall every
# package) and rewrites .gitignore with the same lines: the build leaves both as it found them.
build: setup
	@touch -r requirements.txt $(STAMPS)/requirements.txt.time
	$(BIN)/reflex export --frontend-only --no-zip --loglevel warning
	@touch -r $(STAMPS)/requirements.txt.time requirements.txt

organizer: $(STAMPS)/python
	$(BIN)/python -m community_app.ops.cli make-organizer "$(EMAIL)"

# Archive of the database and uploads, safe while the site takes writes (docs/operations.md#backups).
backup: $(STAMPS)/python
	$(BIN)/python -m community_app.ops.cli backup $(if $(TO),--to "$(TO)")

restore: $(STAMPS)/python
	@test -n "$(FILE)" || { echo "usage: make restore FILE=var/backups/uzdev-....tar.gz"; exit 2; }
	$(BIN)/python -m community_app.ops.cli restore "$(FILE)"

run-scheduled: $(STAMPS)/python
	$(BIN)/python -m community_app.ops.cli run-scheduled

maintenance-on: $(STAMPS)/python
	$(BIN)/python -m community_app.ops.cli maintenance on

maintenance-off: $(STAMPS)/python
	$(BIN)/python -m community_app.ops.cli maintenance off

# --- benchmark (figures to compare, not a pass/fail test; docs/performance.md) -------

# Lighthouse from npm, once, into the git-ignored .make/ folder (12.x: the newest that
# runs on this machine's Node 20).
$(STAMPS)/node_modules/.bin/lighthouse:
	@mkdir -p $(STAMPS)
	cd $(STAMPS) && npm install --silent --no-audit --no-fund lighthouse@12.8.2

bench: setup $(STAMPS)/chromium $(STAMPS)/node_modules/.bin/lighthouse $(STAMPS)/wrk
	$(BIN)/python -m tests.bench

# --- translations --------------------------------------------------------------

messages: $(STAMPS)/python
	$(BIN)/python -m community_app.i18n extract

check-messages: $(STAMPS)/python
	$(BIN)/python -m community_app.i18n check

# --- tests ---------------------------------------------------------------------

# The unit and API tests run in one worker per core (pytest-xdist; each worker has a
# database of its own: tests/conftest.py); the end-to-end tests share one production build
# and server, in one process.
TEST_WORKERS ?= auto

test: setup-test
	$(BIN)/python -m pytest --durations=15 -n $(TEST_WORKERS) tests/unit tests/api
	$(BIN)/python -m pytest --durations=25 tests/e2e
	@$(MAKE) --no-print-directory test-production-config
	@$(MAKE) --no-print-directory test-stock-reflex

# The site on stock Reflex (COMMUNITY_REFLEX_EXTENSIONS=off: nothing patched, no build
# rewrite; docs/reflex-extensions.md): every public page, sign-in, registration for a
# meetup, My Page, the back office, and the KO'DJ client's contract: the tests marked
# @pytest.mark.stock_reflex (pytest.ini). Built into a folder of its own
# (REFLEX_WEB_WORKDIR), so it never overwrites the build of the other runs.
STOCK_REFLEX_WEB ?= $(CURDIR)/.make/web-stock
test-stock-reflex: setup-test
	COMMUNITY_REFLEX_EXTENSIONS=off REFLEX_WEB_WORKDIR=$(STOCK_REFLEX_WEB) \
		$(BIN)/python -m pytest -m stock_reflex tests/api/test_kodj_contract.py tests/e2e

# The production configuration (PostgreSQL + Redis, several server workers), against the
# machine's real servers when they are given (.ci/run gives them): the frame, sign-in and
# My Page journeys end to end; then two app nodes behind nginx round-robin with the object
# store (tests/e2e/test_two_nodes.py, its own session: it empties the same database); then
# the fault drill (test-drill below).
test-production-config: setup-test
	@if [ -n "$${COMMUNITY_TEST_POSTGRES_URL:-}" ] && [ -n "$${COMMUNITY_TEST_REDIS_URL:-}" ]; then \
		COMMUNITY_E2E_DATABASE_URL="$$COMMUNITY_TEST_POSTGRES_URL" COMMUNITY_E2E_REDIS_URL="$$COMMUNITY_TEST_REDIS_URL" \
		$(BIN)/python -m pytest tests/e2e/test_frame.py tests/e2e/test_auth.py tests/e2e/test_mypage.py tests/e2e/test_fresh_counts.py tests/e2e/test_search.py tests/e2e/test_outages.py; \
		COMMUNITY_E2E_TWO_NODES=1 $(BIN)/python -m pytest tests/e2e/test_two_nodes.py; \
	else \
		echo "test-production-config: COMMUNITY_TEST_POSTGRES_URL and COMMUNITY_TEST_REDIS_URL not set, skipped"; \
	fi
	@$(MAKE) --no-print-directory test-drill

# redis-server: the fault drill restarts a Redis of its own.
$(STAMPS)/redis-server:
	@mkdir -p $(STAMPS)
	@if ! command -v redis-server >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; \
	fi
	@touch $@

# The fault drill (issue 40, tests/e2e/test_fault_drill.py; docs/operations.md "Measured"):
# two nodes from one copied build in production mode behind nginx as www-data, PostgreSQL (a
# database of its own), a Redis, an S3 stand-in and an SMTP server of its own; a steady load
# while a node is killed, Redis and the store restarted and the nodes restarted one by one;
# a node killed 10 to 20 times mid-registration. About 5-6 minutes; prints its figures.
test-drill: setup-test $(STAMPS)/redis-server
	@if [ -n "$${COMMUNITY_TEST_POSTGRES_URL:-}" ]; then \
		COMMUNITY_E2E_FAULT_DRILL=1 $(BIN)/python -m pytest -s tests/e2e/test_fault_drill.py; \
	else \
		echo "test-drill: COMMUNITY_TEST_POSTGRES_URL not set, skipped"; \
	fi

test-unit: setup
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/unit

test-api: setup
	$(BIN)/python -m pytest -n $(TEST_WORKERS) tests/api

test-e2e: setup-test
	$(BIN)/python -m pytest --durations=25 tests/e2e

clean:
	rm -rf $(STAMPS) .web .states
