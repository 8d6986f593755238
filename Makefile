# sheepkit developer commands. Each target builds .venv first when it is missing or when
# pyproject.toml changed since it was installed.
#   make app     serve the notebooks as Voila apps      make lab    JupyterLab on notebooks/
#   make test    lint (ruff, mypy) + every test + notebooks  make format / strip / bench / clean
#   make site    the static site in _site/ (Voici + JupyterLite on Pyodide; make site-serve)
#   make dist    a release in dist/: wheel, sdist, the static site as a zip, SHA256SUMS

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
PORT ?= 8866
HOST ?= 127.0.0.1
# The address to print: a server listening on every interface is reached by this machine's name.
APP_HOST := $(if $(filter 0.0.0.0 ::,$(HOST)),$(shell hostname),$(HOST))
LAB_PORT ?= 8888
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
ARTIFACTS := test-artifacts
# axe-core, the accessibility checker the browser tests inject into each page from
# tests/node_modules, never from a CDN (installed by npm ci, as the site's npm files are).
AXE_STAMP := tests/node_modules/.installed
LINTED := sheepkit tests benchmarks site
NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb))
JUPYTER_TMP := $(CURDIR)/$(ARTIFACTS)/jupyter
# JupyterLab refuses to start as root (as on these dev machines) unless told it may.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
# --keep-id: nbstripout would otherwise renumber the cell ids the notebooks' authors chose.
NBSTRIPOUT := $(BIN)/nbstripout --keep-id

# Targets run one after another, in the order written: `make test` stops at the first failure.
.NOTPARALLEL:

.PHONY: help venv app lab test lint check-notebooks unit browser site-test notebooks chromium \
	format strip checked-outputs bench snapshots clean site site-serve classroom links

help:
	@echo "make app        serve the apps; prints the welcome app's address (PORT=..., HOST=0.0.0.0"
	@echo "                serves the school network)"
	@echo "make lab        JupyterLab on notebooks/ at http://127.0.0.1:$(LAB_PORT)/lab"
	@echo "make test       ruff, mypy, notebooks stripped, pytest tests/ (incl. browser), every notebook run"
	@echo "make site       build the static site into $(SITE_OUT)/ (runs in the browser, no server)"
	@echo "make dist       a release in $(DIST)/: the wheel and sdist (the lessons inside), the"
	@echo "                static site as a zip, and SHA256SUMS (sheepkit classroom --site the.zip)"
	@echo "make site-serve preview it on http://127.0.0.1:$(SITE_PORT)/ (SITE_PORT=...)"
	@echo "make classroom  serve the built site and its tables from one address (HOST=0.0.0.0"
	@echo "                PORT=... for the school network; the apps' Play together needs it)"
	@echo "make links      write the Binder and site links of this repository (its git remote)"
	@echo "                into README.md and the welcome notebook"
	@echo "make format     ruff format + ruff check --fix"
	@echo "make strip      strip outputs from notebooks/*.ipynb"
	@echo "make bench      run benchmarks/*.py"
	@echo "make snapshots  screenshot every app (../shared/tools/snapshot-apps)"
	@echo "make clean      remove .venv, caches and test artifacts"

# The stamp, not .venv itself, carries the date: a venv left half-made by a failed install
# (or an edited pyproject.toml) is installed again on the next make.
$(STAMP): pyproject.toml
	@test -x $(BIN)/pip || { echo "== creating $(VENV) with $(PYTHON)"; rm -rf $(VENV); $(PYTHON) -m venv $(VENV); }
	@echo "== installing sheepkit[dev] into $(VENV)"
	$(BIN)/pip install --disable-pip-version-check --progress-bar off -e '.[dev]'
	@touch $@

venv: $(STAMP)

# HOST=0.0.0.0 serves the class over the school network (see docs/serving.md, "Serving a classroom",
# for what a visitor can and cannot do); the default serves this machine only. WARM=N keeps N
# kernels started and warmed up for the next pages (voila.json: 2; about 85 MB each): WARM=30
# before a class of 30 opens its apps together. share/jupyter holds Voila's loading screen
# without its animations (docs/serving.md, "Serving a classroom").
app: $(STAMP)
	@echo ""
	@echo "  sheepkit apps:  http://$(APP_HOST):$(PORT)/voila/render/00_welcome.ipynb"
	@echo "  (every app:     http://$(APP_HOST):$(PORT)/ ; Ctrl-C stops the server)"
	@if [ "$(HOST)" != 127.0.0.1 ]; then \
		echo "  Served to the network on $(HOST): pupils open the address above with this"; \
		echo "  machine's name or address ($$(hostname -I 2>/dev/null | cut -d' ' -f1)) for $(APP_HOST)."; \
	fi
	@echo ""
	JUPYTER_PATH=$(CURDIR)/share/jupyter \
	$(BIN)/voila notebooks --no-browser --port=$(PORT) --Voila.ip=$(HOST) --Voila.port_retries=0 \
		$(if $(WARM),--WarmKernelManager.warm_kernels=$(WARM))

# The file browser starts at the project, so that seeds/ (the rules in our words) is a click
# away, and hides what only the tests need (notebooks/conftest.py) and build clutter.
LAB_ARGS ?=
LAB_HIDDEN := ["__pycache__", "*.pyc", "*~", "conftest.py", "*.egg-info", "test-artifacts", "_site"]
lab: $(STAMP)
	@echo ""
	@echo "  JupyterLab:  http://127.0.0.1:$(LAB_PORT)/lab/tree/notebooks/00_welcome.ipynb"
	@echo "  (open the link with ?token=... that Jupyter prints below; Ctrl-C stops it)"
	@echo "  A notebook's apps appear once its cells have run: Run > Run All Cells."
	@echo ""
	$(BIN)/jupyter lab --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
		--ServerApp.port_retries=0 --ServerApp.root_dir=. \
		--LabApp.default_url=/lab/tree/notebooks/00_welcome.ipynb \
		'--ContentsManager.hide_globs=$(LAB_HIDDEN)' $(ALLOW_ROOT) $(LAB_ARGS)

# Tests see a Jupyter/IPython of their own: the developer's settings, kernels and
# extensions stay out (tests/conftest.py does the same when pytest is run by hand); the one
# folder searched is the project's share/jupyter (Voila's loading screen, still), as for `app`.
test unit browser notebooks: export JUPYTER_CONFIG_DIR := $(JUPYTER_TMP)/config
test unit browser notebooks: export JUPYTER_DATA_DIR := $(JUPYTER_TMP)/data
test unit browser notebooks: export JUPYTER_RUNTIME_DIR := $(JUPYTER_TMP)/runtime
test unit browser notebooks: export IPYTHONDIR := $(JUPYTER_TMP)/ipython
test unit browser notebooks: export JUPYTER_PATH := $(CURDIR)/share/jupyter
test unit browser notebooks: export JUPYTER_CONFIG_PATH :=
test unit browser notebooks: export JUPYTER_PREFER_ENV_PATH := 0
test unit browser notebooks: export JUPYTER_PLATFORM_DIRS := 1
test unit browser notebooks: export PYDEVD_DISABLE_FILE_VALIDATION := 1

# In order, stopping at the first failure. pytest's exit code 5 (nothing collected) is
# non-zero, so an empty run fails too.
test: lint check-notebooks chromium unit browser site-test notebooks
	@echo "== make test: all passed"

lint: $(STAMP)
	@echo "== ruff check"
	$(BIN)/ruff check $(LINTED)
	@echo "== ruff format --check"
	$(BIN)/ruff format --check $(LINTED)
	@echo "== mypy (pyproject's files: sheepkit; --strict for core, bots, session and tables)"
	$(BIN)/mypy

check-notebooks: $(STAMP)
	@echo "== notebooks committed without outputs"
	@test -n "$(NOTEBOOKS)" || { echo "no notebooks/*.ipynb found" >&2; exit 1; }
	$(NBSTRIPOUT) --verify $(NOTEBOOKS)

unit: $(STAMP)
	@echo "== pytest tests/ (rules, contract, solvers, lab, widgets)"
	@rm -rf $(JUPYTER_TMP) && mkdir -p $(JUPYTER_TMP)
	$(BIN)/python -m pytest tests --ignore=tests/browser --ignore=tests/site

# A process of their own: Playwright's sync API leaves an asyncio loop marked running in the
# main thread, which would change how widget tests that look for a kernel's loop behave.
browser: $(STAMP) chromium $(AXE_STAMP)
	@echo "== pytest tests/browser (every app in Voila and headless Chromium)"
	@rm -rf $(JUPYTER_TMP) && mkdir -p $(JUPYTER_TMP)
	$(BIN)/python -m pytest tests/browser

# The static site offline in Chromium (tests/site/); `site` builds it first when it is stale.
site-test: $(STAMP) chromium site $(AXE_STAMP)
	@echo "== pytest tests/site (the static site, offline, in headless Chromium)"
	$(BIN)/python -m pytest tests/site

notebooks: $(STAMP)
	@echo "== pytest --nbval-lax notebooks/ (every notebook executed)"
	@rm -rf $(JUPYTER_TMP) && mkdir -p $(JUPYTER_TMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env --nbval-cell-timeout=600 notebooks

# axe-core for the browser tests (AXE_STAMP, above), from tests/package-lock.json.
$(AXE_STAMP): tests/package.json tests/package-lock.json
	@command -v npm >/dev/null || { echo "ERROR: the browser tests need npm (Node.js) for axe-core, e.g. apt-get install npm" >&2; exit 1; }
	@echo "== npm ci in tests/ (axe-core)"
	cd tests && npm ci --no-audit --no-fund --ignore-scripts
	@touch $@

# -- the static site ---------------------------------------------------------------------
# Its build tools live in .venv-site (site/requirements.txt), its npm files in site/node_modules
# (site/package-lock.json); site/build.py does the rest. Stamps, not reinstalls: a second
# `make site` with nothing changed does nothing.
SITE_VENV := .venv-site
SITE_STAMP := $(SITE_VENV)/.installed
SITE_NPM_STAMP := site/node_modules/.installed
SITE_OUT := _site
SITE_PORT ?= 8000
SITE_SOURCES := pyproject.toml README.md $(shell find sheepkit notebooks site docs \
	-path site/node_modules -prune -o -name __pycache__ -prune -o -type f \
	\( -name '*.py' -o -name '*.mjs' -o -name '*.js' -o -name '*.json' -o -name '*.ipynb' \
	-o -name '*.toml' -o -name '*.txt' -o -name '*.md' -o -name '*.html' \) -print)

$(SITE_STAMP): site/requirements.txt
	@test -x $(SITE_VENV)/bin/pip || { echo "== creating $(SITE_VENV) with $(PYTHON)"; rm -rf $(SITE_VENV); $(PYTHON) -m venv $(SITE_VENV); }
	@echo "== installing the site's build tools into $(SITE_VENV)"
	$(SITE_VENV)/bin/pip install --disable-pip-version-check --progress-bar off -r site/requirements.txt
	@touch $@

$(SITE_NPM_STAMP): site/package.json site/package-lock.json
	@command -v npm >/dev/null || { echo "ERROR: make site needs npm (Node.js), e.g. apt-get install npm" >&2; exit 1; }
	@echo "== npm ci in site/ (Pyodide core, Font Awesome, the xz decoder)"
	cd site && npm ci --no-audit --no-fund --ignore-scripts
	@touch $@

$(SITE_OUT)/.built: $(SITE_STAMP) $(SITE_NPM_STAMP) $(SITE_SOURCES)
	$(SITE_VENV)/bin/python site/build.py --out $(SITE_OUT)
	@touch $@

site: $(SITE_OUT)/.built

# A plain static server, as any web host would be.
site-serve: site
	@echo ""
	@echo "  sheepkit static site:  http://127.0.0.1:$(SITE_PORT)/"
	@echo "  (the welcome app; the lab is at /lab/; Ctrl-C stops the server)"
	@echo ""
	$(PYTHON) -m http.server $(SITE_PORT) --bind 127.0.0.1 --directory $(SITE_OUT)

# The built site and the table service (sheepkit.tables) from one address: pupils' browsers
# run the apps on Pyodide and play at tables together through this server. PORT as for `app`.
classroom: site $(STAMP)
	$(BIN)/python -m sheepkit.tables.classroom --host $(HOST) --port $(PORT) --site $(SITE_OUT)

# A release a school can take offline: the wheel and the sdist (python -m build: the sdist, then
# the wheel from it; setup.py puts the lessons in both), the built site as a zip and SHA256SUMS
# for the three (site/dist_site.py). `sheepkit classroom --site dist/sheepkit-site-*.zip` serves it.
DIST := dist
.PHONY: dist
dist: $(STAMP) site
	rm -rf $(DIST)
	$(BIN)/python -m build --outdir $(DIST) .
	$(BIN)/python site/dist_site.py --site $(SITE_OUT) --dist $(DIST)

# The browser tests drive Debian's Chromium; Playwright's own browser download cannot work here.
chromium:
	@if [ "$${SHEEPKIT_SKIP_BROWSER:-}" = 1 ]; then \
		echo "== SHEEPKIT_SKIP_BROWSER=1: browser tests will be skipped"; \
	elif [ -x $(CHROMIUM) ]; then \
		echo "== chromium: $$($(CHROMIUM) --version 2>/dev/null || echo $(CHROMIUM))"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "== installing Debian's chromium for the browser tests"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		echo "ERROR: $(CHROMIUM) is missing and cannot be installed here (not root, or no apt-get)." >&2; \
		echo "  Install Debian's chromium (sudo apt-get install chromium)," >&2; \
		echo "  or run SHEEPKIT_SKIP_BROWSER=1 make test to leave the browser tests out." >&2; \
		exit 1; \
	fi

# Record what each `# NBVAL_CHECK_OUTPUT` cell prints (the lessons' checked claims) into its
# metadata; read the diff before committing.
checked-outputs: $(STAMP)
	$(BIN)/python tests/record_checked_outputs.py $(NOTEBOOKS)

# The README's and the welcome notebook's Binder and static-site links, for the repository that
# `git remote get-url origin` names (site/links.py; standard library only, so no .venv needed).
links:
	$(PYTHON) site/links.py

format: $(STAMP)
	$(BIN)/ruff format $(LINTED)
	$(BIN)/ruff check --fix $(LINTED)

strip: $(STAMP)
	$(NBSTRIPOUT) $(NOTEBOOKS)

bench: $(STAMP) chromium
	@for script in benchmarks/*.py; do \
		echo "== $$script"; \
		$(BIN)/python "$$script"; \
	done

snapshots: $(STAMP)
	$(BIN)/python ../shared/tools/snapshot-apps

clean:
	rm -rf $(VENV) $(SITE_VENV) $(SITE_OUT) $(SITE_OUT).tmp site/node_modules tests/node_modules $(ARTIFACTS) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
