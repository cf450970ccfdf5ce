/*
 * fuzz_common.h - what the fuzz targets of the converters share
 * (fuzz_json.c, fuzz_xml.c, fuzz_score.c): FAIL (abort, so libFuzzer keeps
 * the input), a growing output buffer, a writer that fails after a budget,
 * the check of a converter's small error buffer, and the games of a byte
 * string.  Define FUZZ_NAME before including it;
 * FUZZ_MAX_WRITE, when defined, is the largest piece one write may hand
 * over (the drawings promise small pieces).
 */
#ifndef SGFKIT_FUZZ_COMMON_H
#define SGFKIT_FUZZ_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgfkit.h"

#define FAIL(...) do { \
    fprintf(stderr, "%s: ", FUZZ_NAME); \
    fprintf(stderr, __VA_ARGS__); \
    fputc('\n', stderr); \
    abort(); \
} while (0)

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

static inline int buf_write(void *ctx, const void *data, size_t len)
{
    buf *b = ctx;
#ifdef FUZZ_MAX_WRITE
    if (len > FUZZ_MAX_WRITE)
        FAIL("a drawing wrote %zu bytes at once", len);
#endif
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + len + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p)
            FAIL("out of memory");
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, len);
    b->len += len;
    b->p[b->len] = '\0';
    return 0;
}

/* Fails once `left` bytes have gone through; must not be called again. */
typedef struct limited {
    size_t left;
    int failed;
} limited;

static inline int limited_write(void *ctx, const void *data, size_t len)
{
    limited *l = ctx;
    (void)data;
    if (l->failed)
        FAIL("written to after the callback failed");
    if (len > l->left) {
        l->failed = 1;
        return 99;
    }
    l->left -= len;
    return 0;
}

/* A converter to SGF text: sgf_json_to_sgf, sgf_xml_to_sgf. */
typedef int (*to_sgf_fn)(const char *bytes, size_t len, sgf_write_fn write,
                         void *ctx, char *err, size_t errlen);

/* The input converted again with an error buffer of 5 bytes (in 8): the
 * same answer as the first time (rc), the message terminated within the
 * buffer, nothing written past it. */
static inline void check_small_error(to_sgf_fn to_sgf, const uint8_t *data,
                                     size_t size, int rc)
{
    char small[8];
    memset(small, 'x', sizeof small);
    limited none = { (size_t)-1, 0 };
    int rc3 = to_sgf((const char *)data, size, limited_write, &none, small, 5);
    if (rc3 != rc)
        FAIL("the same input read again gave %d, was %d", rc3, rc);
    if (rc == SGF_E_FORMAT && !memchr(small, '\0', 5))
        FAIL("the error is not terminated within 5 bytes");
    if (memcmp(small + 5, "xxx", 3) != 0)
        FAIL("the error overran its buffer");
}

static inline void show(const char *what, const buf *b)
{
    fprintf(stderr, "%s:\n%.*s\n", what, (int)(b->len > 3000 ? 3000 : b->len),
            b->p ? b->p : "");
}

/* The game in len bytes at bytes (what a round trip wrote back), parsed
 * with default options. */
static inline sgf_game *parse_back(const char *bytes, size_t len)
{
    sgf_raw_game raw = { .bytes = bytes, .len = len, .origin = "back",
                         .index = 1, .line = 1, .column = 1, .at_eof = 1 };
    sgf_game *g = sgf_game_parse(&raw, NULL);
    if (!g)
        FAIL("out of memory");
    return g;
}

/* Every game of bytes, parsed with default options; fn gets each one. */
static inline size_t each_game(const char *bytes, size_t len,
                        void (*fn)(sgf_game *, void *), void *ctx)
{
    sgf_member *m = sgf_member_from_memory(bytes, len, "fuzz");
    sgf_reader *r = sgf_reader_new(NULL);
    if (!m || !r)
        FAIL("out of memory");
    sgf_reader_start(r, m);
    sgf_game *g;
    int rc;
    size_t n = 0;
    while ((rc = sgf_reader_next(r, &g)) == 1) {
        if (!sgf_game_root(g))
            continue;
        n++;
        fn(g, ctx);
    }
    if (rc != 0)
        FAIL("sgf_reader_next: %s", sgf_strerror(rc));
    sgf_reader_free(r);
    sgf_member_free(m);
    return n;
}

#endif
