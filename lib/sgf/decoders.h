/*
 * decoders.h - what a game object keeps to decode text (decoders.c): iconv
 * descriptors to UTF-8 by source charset, and uchardet's guess.  Opening a
 * descriptor loads gconv modules, detection tries several charsets per
 * game, and the games of one file share their charset, so descriptors are
 * kept for the life of the game object.  charset.c decides and decodes with them.  Never
 * installed.
 */
#ifndef SGFKIT_SGF_DECODERS_H
#define SGFKIT_SGF_DECODERS_H

#include <iconv.h>
#include <stddef.h>

enum { DECODER_NAME_MAX = 40 };   /* longest charset name kept, with its NUL */

typedef struct decoders {
    struct iconv_slot {
        void *cd;                /* iconv_t; unused when name[0] == 0 */
        char name[DECODER_NAME_MAX];
    } iconv_cache[8];
    unsigned iconv_next;         /* slot to replace when all are used */
} decoders;

/* A descriptor from charset name to UTF-8, in its initial state;
 * (iconv_t)-1 when iconv has none. */
iconv_t decoders_iconv(decoders *d, const char *name);
/* The i-th of the texts decoders_guess is asked about, of *len bytes. */
typedef const char *(*decoders_text_fn)(const void *ctx, size_t i,
                                        size_t *len);
/* uchardet's guess at the charset of n texts (each followed by a newline):
 * 1 with its name in name (a name too long for it is no name), 0 without a
 * guess. */
int decoders_guess(decoders_text_fn text, const void *ctx, size_t n,
                   char name[DECODER_NAME_MAX]);
/* Closes the descriptors; d may be used again. */
void decoders_release(decoders *d);

#endif /* SGFKIT_SGF_DECODERS_H */
