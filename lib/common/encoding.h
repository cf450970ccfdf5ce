/*
 * encoding.h - bytes of text in a charset (encoding.c): strict UTF-8
 * sequences, decoding with iconv that keeps undecodable bytes visible as
 * \xNN, and how plausible a reading of short text is in each East Asian
 * charset and in a single-byte one.  Charset detection for game text
 * (sgf/charset.c) and archive member names (input/member_names.c) share
 * them.
 * Never installed.
 */
#ifndef SGFKIT_COMMON_ENCODING_H
#define SGFKIT_COMMON_ENCODING_H

#include <iconv.h>
#include <stdbool.h>
#include <stddef.h>

/* The strict UTF-8 sequence (no overlongs, no surrogates) that starts at
 * s[0] (>= 0x80), n > 0 bytes being there: its length as a positive
 * number, or minus the length of the invalid part to skip. */
long encoding_utf8_sequence(const unsigned char *s, size_t n);

/* Decodes in[0..n) with cd into out[0..cap), undecodable bytes as "\xNN"
 * (unit bytes at a time: 2 in UTF-16, 4 in UTF-32, else 1).  With out ==
 * NULL the text goes to a scratch buffer and is dropped (a check only).
 * Returns the number of undecodable bytes, -1 when out is too small;
 * *written is the output length. */
long encoding_decode(iconv_t cd, size_t unit, const char *in, size_t n,
                     char *out, size_t cap, size_t *written);

/* The readings tried on text that does not say its charset, each with the
 * code layout it is scored in. */
enum encoding_family { ENC_GB, ENC_SJIS, ENC_KR, ENC_BIG5, ENC_EUCJP,
                       ENC_LATIN };
enum { ENCODING_READINGS = 6 };
typedef struct encoding_reading {
    const char *iconv;
    enum encoding_family family;
} encoding_reading;
/* GB18030, CP932, CP949, CP950, EUC-JP, then WINDOWS-1252 (ENC_LATIN). */
extern const encoding_reading encoding_readings[ENCODING_READINGS];

/* How plausible s[0..n) is read in family f, known to decode cleanly in
 * it: how many characters land in the standard's common ranges, less
 * those in extensions and user areas (ENC_LATIN: encoding_latin_score). */
long encoding_score(enum encoding_family f, const unsigned char *s,
                    size_t n);
/* Western text has an accented letter here and there inside words of
 * ASCII letters ("Müller"); runs of three or more non-ASCII bytes are what
 * East Asian text looks like when read as Latin-1.  Letters as
 * Windows-1252 has them, or with cp437 as code page 437 (zip's default
 * for names). */
long encoding_latin_score(const unsigned char *s, size_t n, bool cp437);
bool encoding_ascii_letter(unsigned c);

#endif /* SGFKIT_COMMON_ENCODING_H */
