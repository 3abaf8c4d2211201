# HOSTILE submission "line_reference": no file is opened at all: "#line 1" names the reference solution (spelled with the %: digraph for #, so no plain "#line" appears), then stray characters make gcc report errors "in" that file, and gcc quotes the reference's own lines under each error.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test, which it replaces whole (@ROOT@ becomes the workbook's folder).
1i\
%:line 1 "@ROOT@/solutions/02_law_of_cosines/law_of_cosines.c"\
@\
@\
@\
@
d
