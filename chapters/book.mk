# chapters/book.mk - the literate workbook (included by the Makefile).
#
#   make book        both editions, from chapters/*.md:
#                      build/book/student/index.html     stubs only
#                      build/book/instructor/index.html  reference solutions
#   make test-book   builds from scratch, then checks the result
#                    (chapters/tests/test-book.sh)
#
# Pages are chapters/NN_name.md in name order; the first one becomes
# index.html. A page named after a checker section (chapters/07_foot_ik.md
# with checker/sections/07_foot_ik/) joins the book only once
# solutions/07_foot_ik/ exists, so adding a section's chapter is just adding
# its .md file. Code is pulled into the text by chapters/filters/book.lua;
# the checks and the named mistakes come from the checker itself
# (build/checker --print-catalog, written to BOOK_CATALOG).

BOOK_DIR := build/book
BOOK_EDITIONS := student instructor
BOOK_PLOTS := build/plots
PANDOC ?= pandoc

BOOK_SECTIONS := $(notdir $(wildcard solutions/[0-9][0-9]_*))
BOOK_ALL_MD := $(sort $(wildcard chapters/[0-9][0-9]_*.md))
book_name = $(basename $(notdir $(1)))
book_keep = $(if $(wildcard checker/sections/$(1)/suite.c),$(filter $(1),$(BOOK_SECTIONS)),$(1))
BOOK_PAGES := $(strip $(foreach f,$(BOOK_ALL_MD),$(call book_keep,$(call book_name,$(f)))))
BOOK_WAITING := $(filter-out $(BOOK_PAGES),$(foreach f,$(BOOK_ALL_MD),$(call book_name,$(f))))

# build/book/<edition>/<page>.html, the first page as index.html
book_out = $(BOOK_DIR)/$(1)/$(if $(filter $(2),$(firstword $(BOOK_PAGES))),index,$(2)).html
BOOK_HTML := $(foreach e,$(BOOK_EDITIONS),$(foreach p,$(BOOK_PAGES),$(call book_out,$(e),$(p))))

# Every page shows every page's title (navigation) and reads the sources.
BOOK_CATALOG := build/catalog.tsv
BOOK_INPUTS := $(wildcard checker/sections/*/hints.md) chapters/book.mk chapters/book.yaml chapters/filters/book.lua chapters/template.html \
  $(BOOK_ALL_MD) $(wildcard exercises/*/* solutions/*/* include/*.h) $(BOOK_CATALOG)

BOOK_PANDOC_FLAGS := --from markdown-auto_identifiers --to html5 --standalone \
  --template chapters/template.html --metadata-file chapters/book.yaml \
  --mathml --toc --toc-depth 2 --highlight-style pygments --fail-if-warnings \
  --lua-filter chapters/filters/book.lua

.PHONY: book book-figures book-build book-assets test-book

# The checker's sections, checks and diagnoses as data (checker/catalog.c).
$(BOOK_CATALOG): $(CHECKER)
	@mkdir -p $(dir $@)
	@$(CHECKER) --root . --print-catalog tsv > $@.tmp && mv $@.tmp $@

book: setup
	@$(MAKE) --no-print-directory book-figures book-build

# The figures come from the plots (plots/plots.mk, gnuplot) when they can be
# drawn; without them the pages say which figure is missing and still build.
book-figures:
	@mkdir -p build
	@if [ -f plots/plots.mk ]; then \
	  $(MAKE) --no-print-directory plots >build/book-plots.log 2>&1 \
	    || echo "book: figures not drawn (make plots failed, see build/book-plots.log); pages note them as missing"; \
	fi

book-build: $(BOOK_HTML) book-assets live
	@$(if $(BOOK_WAITING),echo "book: not in the book yet (no solutions/<slug>/): $(BOOK_WAITING)";)
	@echo "book: $(words $(BOOK_PAGES)) pages x 2 editions -> $(BOOK_DIR)/student/index.html, $(BOOK_DIR)/instructor/index.html"

# CSS beside the pages; the plots issue's SVGs beside them when they exist.
book-assets: $(BOOK_HTML)
	@for e in $(BOOK_EDITIONS); do \
	  cp chapters/book.css $(BOOK_DIR)/$$e/book.css; \
	  rm -rf $(BOOK_DIR)/$$e/plots; mkdir -p $(BOOK_DIR)/$$e/plots; \
	  if ls $(BOOK_PLOTS)/*.svg >/dev/null 2>&1; then cp $(BOOK_PLOTS)/*.svg $(BOOK_DIR)/$$e/plots/; fi; \
	done

define BOOK_PAGE_RULE
$(call book_out,$(1),$(2)): chapters/$(2).md $(BOOK_INPUTS)
	@mkdir -p $(BOOK_DIR)/$(1)/manifest
	@echo "book: $$@"
	@$(PANDOC) chapters/$(2).md $(BOOK_PANDOC_FLAGS) \
	  -M edition=$(1) -M book-page=$(2) -M "book-pages=$(BOOK_PAGES)" \
	  -M book-plots=$(BOOK_PLOTS) -M book-catalog=$(BOOK_CATALOG) -M book-manifest=$(BOOK_DIR)/$(1)/manifest/$(2).txt -o $$@
endef
$(foreach e,$(BOOK_EDITIONS),$(foreach p,$(BOOK_PAGES),$(eval $(call BOOK_PAGE_RULE,$(e),$(p)))))

include chapters/live/live.mk

# From scratch, then every check (the script prints PASS/FAIL lines and a
# closing "N passed, N failed"; non-zero exit on any failure).
test-book: setup
	@rm -rf $(BOOK_DIR) build/book-test
	@MAKE="$(MAKE)" CC="$(CC)" BOOK_DIR="$(BOOK_DIR)" BOOK_PAGES="$(BOOK_PAGES)" \
	  BOOK_SECTIONS="$(BOOK_SECTIONS)" bash chapters/tests/test-book.sh

# The live figures in headless Chromium (chapters/live/test_live.py): the
# pages with a figure first (the cases copy them and build their own live/).
# make bench-live: a drag's round trip, measured in the page.
LIVE_PAGES := $(foreach e,$(BOOK_EDITIONS),$(foreach p,$(filter $(patsubst chapters/live/glue/%.c,%,$(wildcard chapters/live/glue/*.c)),$(BOOK_PAGES)),$(call book_out,$(e),$(p))))
.PHONY: test-live bench-live
test-live: $(LIVE_PAGES)
	@$(PYTHON3) chapters/live/test_live.py --book $(BOOK_DIR) --work $(BUILD)/live-test

BENCH_LIVE_MOVES ?= 400
bench: bench-live
bench-live: $(LIVE_PAGES)
	@$(PYTHON3) chapters/live/test_live.py --book $(BOOK_DIR) --work $(BUILD)/live-test --bench $(BENCH_LIVE_MOVES)
