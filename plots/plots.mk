# plots.mk - figures through gnuplot (included by the Makefile).
#
#   make plots        data from the reference solutions -> build/plots/*.dat,
#                     then gnuplot -> build/plots/*.svg (book) and *.png (slides)
#   make test-plots   (part of make test when gnuplot is installed)
#
# Data and images are deterministic: same data -> byte-identical images.

PLOTS := $(BUILD)/plots
PLOT_FIGURES := convergence ccd_curl fk angles triangle pole foot_ik aim root_path controller scene
PLOT_IMAGES := $(foreach f,$(PLOT_FIGURES),$(PLOTS)/$(f).svg $(PLOTS)/$(f).png)
HAVE_GNUPLOT := $(shell command -v gnuplot 2>/dev/null)
# the templates' "set encoding utf8" warns about the degree sign under the C
# locale (checker/picture.h's GNUPLOT_LOCALE)
GNUPLOT := LC_ALL=C.UTF-8 gnuplot
GNUPLOT_HINT := gnuplot is not installed: run 'make setup' (as root) or 'sudo apt-get install -y gnuplot-nox' to draw the figures

# Each figure's program links every reference section (the programs' shared
# objects): no list of sections here to keep in step with sections.def.
PLOT_LINK := $(patsubst %.c,$(BUILD)/progobj/%.o,$(REF_SRC) $(COMMON_SRC))
$(PLOTS)/figures $(PLOTS)/convergence $(PLOTS)/applied $(PLOTS)/scene: $(PLOTS)/%: plots/%.c $(PLOT_LINK) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude $(addprefix -Isolutions/,$(SECTIONS)) $< $(PLOT_LINK) -lm -o $@

$(PLOTS)/convergence.dat: $(PLOTS)/convergence
	@$< $@ $(PLOTS)/convergence_summary.txt

$(PLOTS)/ccd_curl.dat: $(PLOTS)/convergence
	@$< curl $@

$(PLOTS)/fk.dat $(PLOTS)/angles.dat $(PLOTS)/triangle.dat $(PLOTS)/pole.dat: $(PLOTS)/%.dat: $(PLOTS)/figures
	@$< $* $@

# 07-10 from their references (run from the root: 09 reads the CMU clip).
$(PLOTS)/foot_ik.dat $(PLOTS)/aim.dat $(PLOTS)/root_path.dat $(PLOTS)/controller.dat: $(PLOTS)/%.dat: $(PLOTS)/applied checker/data/mocap/cmu_131_01_start_walk_stop.bvh
	@$< $* $@

# The closing scene (its program is built by the Makefile's scene rule);
# what it printed is kept beside its data.
$(PLOTS)/scene.dat: $(PLOTS)/scene checker/data/mocap/cmu_131_01_start_walk_stop.bvh
	@$< $@ > $(PLOTS)/scene_summary.txt

$(PLOTS)/%.svg $(PLOTS)/%.png: $(PLOTS)/%.dat plots/%.gp plots/common.gp
	@$(GNUPLOT) -e "data='$<'; out='$(PLOTS)/$*'" plots/$*.gp

.PHONY: plots test-plots
plots: $(if $(HAVE_GNUPLOT),$(PLOT_IMAGES),$(PLOTS)/convergence.dat)
	@$(if $(HAVE_GNUPLOT),,echo "$(GNUPLOT_HINT)")
	@cat $(PLOTS)/convergence_summary.txt
	@$(if $(HAVE_GNUPLOT),echo "figures (.svg for the book, .png for slides): $(addprefix $(PLOTS)/,$(PLOT_FIGURES))")

# Every image valid and non-empty, redrawing is byte-identical, and the
# measured claims the figures make still hold: FABRIK needs fewer passes
# than CCD on the 10-bone chain, the aim angle never grows with the weight
# (08), and the closing scene's feet never end under the ground.
test-plots: plots
	@$(if $(HAVE_GNUPLOT),,echo "test-plots: skipped ($(GNUPLOT_HINT))"; exit 0;) \
	fail=0; \
	for f in $(PLOT_FIGURES); do \
	  svg=$(PLOTS)/$$f.svg; png=$(PLOTS)/$$f.png; \
	  test -s $$svg && xmllint --noout $$svg || { echo "test-plots: $$svg is not valid SVG"; fail=1; }; \
	  test "$$(head -c 8 $$png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a || { echo "test-plots: $$png has no PNG signature"; fail=1; }; \
	  cp $$svg $$svg.first; cp $$png $$png.first; \
	  $(GNUPLOT) -e "data='$(PLOTS)/$$f.dat'; out='$(PLOTS)/$$f'" plots/$$f.gp; \
	  cmp -s $$svg $$svg.first && cmp -s $$png $$png.first || { echo "test-plots: $$f is not byte-identical when redrawn"; fail=1; }; \
	  rm -f $$svg.first $$png.first; \
	done; \
	line=$$(grep '^convergence 10 bones:' $(PLOTS)/convergence_summary.txt); \
	ccd=$$(echo "$$line" | sed -E 's/.*CCD median ([0-9]+) passes.*/\1/'); \
	fab=$$(echo "$$line" | sed -E 's/.*FABRIK median ([0-9]+) passes.*/\1/'); \
	test -n "$$ccd" && test -n "$$fab" && test $$fab -lt $$ccd || { echo "test-plots: expected FABRIK < CCD passes on 10 bones: $$line"; fail=1; }; \
	rises=$$(awk '/^#/ { next } NF == 0 { if (seen) exit; next } \
	  { for (c = 2; c <= NF; c++) { if (seen && $$c > prev[c] + 1e-6) bad++; prev[c] = $$c } seen = 1 } END { print bad + 0 }' $(PLOTS)/aim.dat); \
	test "$$rises" = 0 || { echo "test-plots: the aim angle grows with the weight $$rises times (aim.dat)"; fail=1; }; \
	grep -q 'feet are never under the ground' $(PLOTS)/scene_summary.txt || { echo "test-plots: closing scene: $$(tail -1 $(PLOTS)/scene_summary.txt)"; fail=1; }; \
	test $$fail = 0 && echo "test-plots: $(words $(PLOT_IMAGES)) images valid and reproducible; $$line; aim angle shrinks with the weight; scene feet never under the ground"
