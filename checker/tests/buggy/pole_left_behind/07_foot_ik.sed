# Planted bug proving the "pole_left_behind" diagnosis: the knee pole stays where the animation put it while the hip and the ankle's goal move down by the hip drop.
# Applied to solutions/07_foot_ik/ by make test; must change the file.
s/^        \.pole = v3_add(leg->knee_pole, drop),/        .pole = leg->knee_pole,/
