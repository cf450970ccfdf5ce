/*
 * ugf.h - PandaNet's UGF and UGI records converted to SGF text (ugf.c).  Never installed.
 */
#ifndef SGFKIT_FORMATS_UGF_H
#define SGFKIT_FORMATS_UGF_H

#include <stdbool.h>
#include <stddef.h>
#include "formats/convert.h"

/* Whether the first bytes of a file are UGF's. */
bool ugf_sniff(const char *head, size_t n);
/* c's source as SGF text (formats.h, format_convert). */
bool ugf_convert(conv *c);

#endif /* SGFKIT_FORMATS_UGF_H */
