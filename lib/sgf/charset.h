/*
 * charset.h - the charset of a game's text values, and decoding (charset.c).
 * Never installed.
 */
#ifndef SGFKIT_SGF_CHARSET_H
#define SGFKIT_SGF_CHARSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sgfkit.h"

/* Chooses the charset of the text values; may ask for a dbcs
 * reparse (returns true). */
bool charset_decide(sgf_game *g);
/* Decodes raw text (escapes already removed) to UTF-8 into the
 * arena; reports undecodable bytes at pos.  NULL when out of memory. */
char *charset_to_utf8(sgf_game *g, const char *in, size_t n, uint32_t pos,
                      size_t *out_len);
/* UTF-16 members.  Returns 1 (LE) or 2 (BE) when p looks like
 * UTF-16 (BOM, or '(' ';' interleaved with NULs), else 0. */
int charset_utf16_sniff(const unsigned char *p, size_t n);
/* Converts a whole UTF-16 buffer to UTF-8 (malloc'd, BOM dropped).
 * Returns 0 or SGF_E_NOMEM / SGF_E_FORMAT. */
int charset_utf16_to_utf8(const char *in, size_t n, int endian, char **out,
                          size_t *out_len);
/* charset_to_utf8's pos when the bytes were already reported (charset_decide
 * reports every undecodable value once). */
#define CHARSET_NO_REPORT UINT32_MAX
/* True when g's charset is not ASCII-compatible byte by byte
 * (UTF-16 or ISO-2022 text inside a value): decode before unescaping. */
bool charset_decodes_first(const sgf_game *g);
/* Archive member names shown as valid, printable UTF-8, whatever charset
 * the archive's writer used (doc/inputs.md, "Member names").  One per input
 * iterator; what it learns from the names of one archive
 * (charset_names_start) helps read the next name. */
enum { CHARSET_NAME_READINGS = 7 };
typedef struct charset_names {
    long evidence[CHARSET_NAME_READINGS];   /* summed plausibility */
    bool ruled_out[CHARSET_NAME_READINGS];  /* a name did not decode */
    void *cd[CHARSET_NAME_READINGS];        /* iconv_t, opened when needed */
    bool cd_tried[CHARSET_NAME_READINGS];
    char *buf, *tmp;                        /* the name, made here */
    size_t cap, tmp_cap;
} charset_names;
/* A new archive: forget what the last one's names said. */
void charset_names_start(charset_names *cn);
/* raw[0..n) (a member name, as the archive stores it) as a NUL-terminated
 * UTF-8 string owned by cn until the next call; zip: the archive is a zip
 * (single-byte names default to CP437 there, to Windows-1252 elsewhere).
 * NULL when out of memory. */
const char *charset_name_utf8(charset_names *cn, const char *raw, size_t n,
                              bool zip);
void charset_names_release(charset_names *cn);

#endif /* SGFKIT_SGF_CHARSET_H */
