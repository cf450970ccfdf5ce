/*
 * jsonlex.h - the one JSON tokenizer (jsonlex.c, RFC 8259): white space,
 * strings (escapes decoded), numbers (checked, not converted) and the
 * literals.  The grammar above the tokens is the caller's: the JSON game
 * trees (export/jsonread.c) and KataGo's rules object (go/ruleset.c) want
 * different shapes.  Never installed.
 */
#ifndef SGFKIT_COMMON_JSONLEX_H
#define SGFKIT_COMMON_JSONLEX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct json_lex {
    const unsigned char *p, *end;   /* the next byte, the end of input */
    unsigned long line;             /* 1-based line of p */
    const unsigned char *line_start;
    /* the string just read, escapes decoded: \udc80-\udcff give back the
     * byte SGF_JSON_KEEP_BYTES wrote (sgfkit.h) */
    char *str;
    size_t len, cap;
    bool fixed;        /* str is the caller's buffer of cap bytes: never grown */
    /* on failure: where, and what (NULL when out of memory or a fixed
     * buffer is too small) */
    const unsigned char *err_at;
    const char *err;
} json_lex;

/* Starts reading bytes[0..len).  str, when not NULL, is a buffer of cap
 * bytes the strings are read into (a longer string fails); NULL lets the
 * tokenizer allocate (json_lex_free releases it). */
void json_lex_init(json_lex *l, const void *bytes, size_t len, char *str,
                   size_t cap);
void json_lex_free(json_lex *l);
/* Skips white space, counting lines; false at the end of the input. */
bool json_lex_space(json_lex *l);
/* The string at p (its '"') into str[0..len), NUL-terminated; p moves
 * past it.  0, or -1 with err_at and err set. */
int json_lex_string(json_lex *l);
/* The number at p, checked against the grammar; p moves past it. */
int json_lex_number(json_lex *l);
/* false, true or null at p: 0, 1, or 2 for null; -1 when none. */
int json_lex_literal(json_lex *l);

#endif /* SGFKIT_COMMON_JSONLEX_H */
