# Planted bug proving the "ccd_order" diagnosis: a pass visits the joints from the root out to the tip instead of from the tip back to the root (chapter section 7). It still reaches every target of the end-state checks.
# Applied to solutions/05_ccd/ by make test; must change the file.
s/for (int i = tip - 1; i >= 0; i--) {/for (int i = 0; i < tip; i++) {/
