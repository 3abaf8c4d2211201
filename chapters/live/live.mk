# chapters/live/live.mk - the book's live figures (included by chapters/book.mk).
#
#   make live [DIR=exercises] [LANG=en]   each section of DIR built for the
#                      browser (clang --target=wasm32-wasi) with its trusted glue
#                      (chapters/live/glue/) into build/book/<edition>/live/;
#                      the instructor edition adds the reference's wasm
# (make test-live and make bench-live are the workbook's, in chapters/book.mk.)
#
# A section that does not compile is shown with the compiler's message
# under its figure; student code never fails this build.

PYTHON3 ?= $(firstword $(wildcard /usr/bin/python3) python3)
LIVE_BUILD := $(PYTHON3) chapters/live/build.py --work $(BUILD)/live $(if $(filter en%,$(LANG)),--lang en) \
  $(if $(LIVE_SECTIONS),--sections $(LIVE_SECTIONS))
# make watch: once the book has live figures, each save rebuilds the saved
# section's (the open page picks it up within a second, live.js polls)
LIVE_ON_SAVE = $(if $(wildcard $(BOOK_DIR)/*/live/live.js),--on-save 'cd "$(CURDIR)" && $(MAKE) --no-print-directory live NO_SETUP=1 DIR="$(DIR)" LIVE_SECTIONS="$$WATCH_SECTION" >/dev/null 2>&1')
live_ref = $(if $(filter instructor,$(1)),$(if $(wildcard solutions/[0-9][0-9]_*),--ref solutions))

.PHONY: live
live: setup
	@set -o pipefail; $(foreach e,$(BOOK_EDITIONS),$(LIVE_BUILD) --dir $(DIR) --edition $(e) --out $(BOOK_DIR)/$(e)/live $(call live_ref,$(e)) | sed 's/^/$(e) /' &&) true

