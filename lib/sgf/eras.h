/*
 * eras.h - the reign and era names old records date their games with
 * (eras.c): 乾隆五年 is 1740, 宝暦四年 1754, 昭和45年 1970.  Never
 * installed.
 */
#ifndef SGFKIT_SGF_ERAS_H
#define SGFKIT_SGF_ERAS_H

#include <stdbool.h>

/* The first era name in s followed by its year ("五年", "12年", "元年"):
 * the western year in *year, and where the text after 年 starts in *after.
 * *lunar is set for years before the western calendar (Japan 1873, China
 * 1912), counted in months of the moon: their month and day are no western
 * date.  false when s
 * names no era with a year. */
bool era_year(const char *s, int *year, const char **after, bool *lunar);

#endif /* SGFKIT_SGF_ERAS_H */
