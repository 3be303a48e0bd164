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

.PHONY: help run test test-production-config test-unit test-api test-e2e setup setup-test migrate demo compile-messages messages check-messages organizer maintenance-on maintenance-off clean

help:
	@echo "make run    - set up, migrate, load demo content, serve http://localhost:$(PORT)"
	@echo "make test   - set up (with chromium) and run unit, API and end-to-end tests"
	@echo "make messages / check-messages / compile-messages - translation catalogs"
	@echo "make organizer EMAIL=someone@example.com - give a user the organizer role"
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

setup: $(STAMPS)/python $(STAMPS)/bun compile-messages

setup-test: setup $(STAMPS)/chromium

compile-messages: $(STAMPS)/python
	@$(BIN)/python -m community_app.i18n compile >/dev/null

# --- running -------------------------------------------------------------------

migrate: $(STAMPS)/python
	$(BIN)/python -m community_app.cli migrate

demo: migrate
	$(BIN)/python -m community_app.cli demo

run: setup demo
	$(BIN)/reflex run --env prod --loglevel warning

organizer: $(STAMPS)/python
	$(BIN)/python -m community_app.cli make-organizer "$(EMAIL)"

maintenance-on: $(STAMPS)/python
	$(BIN)/python -m community_app.cli maintenance on

maintenance-off: $(STAMPS)/python
	$(BIN)/python -m community_app.cli maintenance off

# --- translations --------------------------------------------------------------

messages: $(STAMPS)/python
	$(BIN)/python -m community_app.i18n extract

check-messages: $(STAMPS)/python
	$(BIN)/python -m community_app.i18n check

# --- tests ---------------------------------------------------------------------

test: setup-test
	$(BIN)/python -m pytest
	@$(MAKE) --no-print-directory test-production-config

# The production configuration (PostgreSQL + Redis, several server workers), against the
# machine's real servers when they are given (.ci/run gives them): the frame, sign-in and
# My Page journeys end to end.
test-production-config: setup-test
	@if [ -n "$${COMMUNITY_TEST_POSTGRES_URL:-}" ] && [ -n "$${COMMUNITY_TEST_REDIS_URL:-}" ]; then \
		COMMUNITY_E2E_DATABASE_URL="$$COMMUNITY_TEST_POSTGRES_URL" COMMUNITY_E2E_REDIS_URL="$$COMMUNITY_TEST_REDIS_URL" \
		$(BIN)/python -m pytest tests/e2e/test_frame.py tests/e2e/test_auth.py tests/e2e/test_mypage.py; \
	else \
		echo "test-production-config: COMMUNITY_TEST_POSTGRES_URL and COMMUNITY_TEST_REDIS_URL not set, skipped"; \
	fi

test-unit: setup
	$(BIN)/python -m pytest tests/unit

test-api: setup
	$(BIN)/python -m pytest tests/api

test-e2e: setup-test
	$(BIN)/python -m pytest tests/e2e

clean:
	rm -rf $(STAMPS) .web .states
