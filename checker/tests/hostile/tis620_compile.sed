# HOSTILE submission "tis620_compile": a comment saved in TIS-620 (Windows-874), not UTF-8 ("ระยะเอื้อมสุด" as raw bytes 0xa1-0xfb), then a syntax error on the same line, so the compiler quotes the comment's bytes in its error.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
0,/float max_reach = len_upper + len_lower;/s//float max_reach = len_upper + len_lower; \/* \xc3\xd0\xc2\xd0\xe0\xcd\xd7\xe9\xcd\xc1\xca\xd8\xb4 *\/ float unfinished = ;/
