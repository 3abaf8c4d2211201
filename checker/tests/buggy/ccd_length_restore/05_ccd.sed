# Planted bug proving the "ccd_length_restore" diagnosis: no per-pass length restore (step 3 of the exercise); float rotations let the bones creep.
# Applied to solutions/05_ccd/ by make test; must change the file.
/^        for (int k = 1; k <= tip; k++) {$/,/^        }$/d
