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

#endif /* SGFKIT_SGF_CHARSET_H */
