# The README's quick start: `make run` (the site with a demo) and `make test` (the whole suite).
# Everything else here is plumbing for those two.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Phones at the venue need the site on the network: make run HOST=0.0.0.0:8000.
HOST ?= 127.0.0.1:8000

# WeasyPrint needs Pango; libharfbuzz-subset0 makes a card render several times faster.
RUN_DEBS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
# Browser tests drive Debian's Chromium (no downloaded browser builds); pdftoppm
# turns the printed PDFs into PNGs in test-artifacts/ for a person to look at.
TEST_DEBS := $(RUN_DEBS) chromium poppler-utils

.PHONY: run test

run: $(VENV)/.runtime
	@$(MAKE) --no-print-directory debs DEBS="$(RUN_DEBS)"
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	@$(PY) -m config.lan $(HOST)
	$(PY) manage.py runserver $(HOST)

test: $(VENV)/.dev
	@$(MAKE) --no-print-directory debs DEBS="$(TEST_DEBS)"
	$(VENV)/bin/pytest $(PYTEST_ARGS)

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
