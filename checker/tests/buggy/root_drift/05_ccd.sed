# Planted bug proving the "root_drift" diagnosis: the swing at joint i turns every joint (k from 0), root included, not only the joints beyond i.
# Applied to solutions/05_ccd/ by make test; must change the file.
s/for (int k = i + 1; k <= tip; k++)/for (int k = 0; k <= tip; k++)/
