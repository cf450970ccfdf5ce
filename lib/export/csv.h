/*
 * csv.h - one RFC 4180 field (csv.c), for the other writers of CSV rows
 * (report.c).  Never installed.
 */
#ifndef SGFKIT_EXPORT_CSV_H
#define SGFKIT_EXPORT_CSV_H

#include <stddef.h>
#include "common/output.h"

/* s[0..n) as one field: quoted when it holds a comma, a quote or a line
 * break, quotes doubled, invalid UTF-8 as U+FFFD; NULL writes nothing. */
void csv_field(out_sink *s, const char *str, size_t n);

#endif /* SGFKIT_EXPORT_CSV_H */
