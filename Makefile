# The README's quick start: `make run` (the site with a demo) and `make test` (the whole suite).
# `make serve` runs the production process set (README, "Deploying"). The rest is plumbing.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Phones at the venue need the site on the network: make run HOST=0.0.0.0:8000.
HOST ?= 127.0.0.1:8000

# WeasyPrint needs Pango; libharfbuzz-subset0 makes a card render several times faster.
RUN_DEBS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
# Browser tests drive Debian's Chromium (no downloaded browser builds); pdftoppm
# turns the printed PDFs into PNGs in test-artifacts/ for a person to look at;
# gettext checks that the compiled translations match their .po files.
TEST_DEBS := $(RUN_DEBS) chromium poppler-utils gettext

# Test processes: one per core (pytest-xdist), at most 4. More would not finish sooner:
# the longest test (a whole night in the browser, ~110 s) sets the floor, and each
# process pays for its own test database, Celery worker and Chromium.
# PYTEST_WORKERS=0 runs in this one process (e.g. to use a debugger).
PYTEST_WORKERS ?= auto
# `make quick` skips the exhaustive rotation sweeps (marked slow); CI runs everything.
MARKS ?=

.PHONY: run serve test quick designs lint messages

# The site and a real Celery worker (Procfile.dev, run by supervisor, which starts again
# a process that exits) on kombu's filesystem broker in .celery/: print jobs queue and
# show progress as in production, no service.
# The secret key is made (once, in .secret_key) before either starts, so both sign alike;
# LISTEN tells both whether other devices can reach the site (then DEBUG is off).
run: export CELERY_BROKER_URL = filesystem://localhost//
run: $(VENV)/.runtime
	@$(MAKE) --no-print-directory debs DEBS="$(RUN_DEBS)"
	@$(PY) -m config.local_secrets
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	@$(PY) -m config.lan $(HOST)
	@HOST=$(HOST) LISTEN=$(HOST) $(PY) -m config.procs Procfile.dev

# Production: migrate, collectstatic, then gunicorn + Celery worker (Procfile, under
# supervisor), with DATABASE_URL, CELERY_BROKER_URL, SECRET_KEY, ALLOWED_HOSTS from
# the environment.
serve: $(VENV)/.runtime
	@$(MAKE) --no-print-directory debs DEBS="$(RUN_DEBS)"
	@$(PY) -m config.serve

test: lint
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS)"
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) --maxprocesses=4 --dist loadgroup -m "not design_search$(if $(MARKS), and ($(MARKS)))" $(PYTEST_ARGS)

quick: MARKS = not slow
quick: test

# The offline searches of tools/designs/ that made the stored (frozen) tables, re-run to
# show they still find them: outside `make test`, which checks every stored entry.
designs: $(VENV)/.dev
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) --maxprocesses=4 -m design_search tests/unit/rotations/test_design_tools.py

# After a message changes in the code: refresh the three catalogues, then translate
# what is new or marked fuzzy (locale/GLOSSARY.md holds each language's words) and
# compile. The compiled .mo files are committed: `make run` does not need gettext.
LOCALES := it pt_BR pl
MESSAGE_IGNORE := --ignore='.venv/*' --ignore='tests/*' --ignore='tools/*' --ignore='bench/*' --ignore='test-artifacts/*' --ignore='static/js/htmx.min.js'
messages: $(VENV)/.dev
	$(PY) manage.py makemessages $(addprefix -l ,$(LOCALES)) $(MESSAGE_IGNORE)
	$(PY) manage.py makemessages -d djangojs $(addprefix -l ,$(LOCALES)) $(MESSAGE_IGNORE)
	$(PY) manage.py compilemessages $(addprefix -l ,$(LOCALES)) --ignore='.venv/*'

# Seconds, before the tests: the formatter, the linter, the types of the two cores and
# the import contracts (.importlinter: the layers, and the two cores kept apart).
lint: $(VENV)/.dev
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(VENV)/bin/python
	$(VENV)/bin/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(VENV)/bin/python
	$(VENV)/bin/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

# Checks the Debian packages in DEBS; installs the missing ones as root, otherwise
# prints the command to run and stops.
.PHONY: debs
debs:
	@missing=""; \
	for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if ! command -v apt-get >/dev/null; then \
	    echo "Missing system libraries:$$missing (install them with your package manager)"; exit 1; \
	  elif [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "Missing system packages. Run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi
