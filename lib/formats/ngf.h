/*
 * ngf.h - WBaduk (Oro) NGF records converted to SGF text (ngf.c).  Never installed.
 */
#ifndef SGFKIT_FORMATS_NGF_H
#define SGFKIT_FORMATS_NGF_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/convert.h"

/* Whether the first bytes of a file are NGF's. */
bool ngf_sniff(const char *head, size_t n);
/* c's source as SGF text (formats.h, format_convert). */
bool ngf_convert(conv *c);

#endif /* SGFKIT_FORMATS_NGF_H */
