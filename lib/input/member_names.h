/*
 * member_names.h - archive member names shown as valid, printable UTF-8,
 * whatever charset the archive's writer used (member_names.c; doc/inputs.md,
 * "Member names").  One per input iterator: what the names of one archive
 * say (member_names_start) helps read the next name.  Never installed.
 */
#ifndef SGFKIT_INPUT_MEMBER_NAMES_H
#define SGFKIT_INPUT_MEMBER_NAMES_H

#include <stdbool.h>
#include <stddef.h>

enum { MEMBER_NAME_READINGS = 7 };
typedef struct member_names {
    long evidence[MEMBER_NAME_READINGS];    /* summed plausibility */
    bool ruled_out[MEMBER_NAME_READINGS];   /* a name did not decode */
    void *cd[MEMBER_NAME_READINGS];         /* iconv_t, opened when needed */
    bool cd_tried[MEMBER_NAME_READINGS];
    char *buf, *tmp;                        /* the name, made here */
    size_t cap, tmp_cap;
} member_names;

/* A new archive: forget what the last one's names said. */
void member_names_start(member_names *mn);
/* raw[0..n) (a member name, as the archive stores it) as a NUL-terminated
 * UTF-8 string owned by mn until the next call; zip: the archive is a zip
 * (single-byte names default to code page 437 there, to Windows-1252
 * elsewhere).  NULL when out of memory. */
const char *member_name_utf8(member_names *mn, const char *raw, size_t n,
                             bool zip);
void member_names_release(member_names *mn);

#endif /* SGFKIT_INPUT_MEMBER_NAMES_H */
