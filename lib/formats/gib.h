/*
 * gib.h - Tygem's GIB records converted to SGF text (gib.c).  Never installed.
 */
#ifndef SGFKIT_FORMATS_GIB_H
#define SGFKIT_FORMATS_GIB_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/convert.h"

/* Whether the first bytes of a file are GIB's. */
bool gib_sniff(const char *head, size_t n);
/* c's source as SGF text (formats.h, format_convert). */
bool gib_convert(conv *c);

#endif /* SGFKIT_FORMATS_GIB_H */
