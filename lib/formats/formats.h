/*
 * formats.h - the record formats sgfkit reads, in one table (formats.c):
 * SGF, and the foreign formats converted to SGF text (convert.h) before
 * the SGF reader sees them.  What a name or the first bytes say a record
 * is.  Never installed.
 */
#ifndef SGFKIT_FORMATS_FORMATS_H
#define SGFKIT_FORMATS_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include "sgfkit.h"
#include "formats/convert.h"

/* The format a name says (its suffix, letter case ignored, a ".gz" after
 * it allowed): SGF_FORMAT_*, or -1 when the name is no record's. */
int format_of_name(const char *name);
/* Whether a name has a suffix at all (a '.' in its last component): a
 * name without one says nothing, and the bytes decide (format_sniff). */
bool format_name_says_something(const char *name);
/* The format the first bytes of a file are, or -1 when none is
 * recognised.  head: at least the first 4 KiB when the file has them. */
int format_sniff(const char *head, size_t n);
/* Converts c's source (conv_start) from format f to SGF text; false only
 * when out of memory.  A source that is no record of f gives no text and
 * a CONV_UNREADABLE note. */
bool format_convert(int f, conv *c);

#endif /* SGFKIT_FORMATS_FORMATS_H */
