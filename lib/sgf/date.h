/*
 * date.h - DT's grammar (date.c), beside the public sgf_parse_date().
 * Never installed.
 */
#ifndef SGFKIT_SGF_DATE_H
#define SGFKIT_SGF_DATE_H

#include <stddef.h>
#include "sgfkit.h"

/* d in buf (n bytes) as FF[4] writes it: "2024-05-01", "2024-05", "2024".
 * Returns buf. */
const char *date_format(char *buf, size_t n, const sgf_date *d);

#endif /* SGFKIT_SGF_DATE_H */
