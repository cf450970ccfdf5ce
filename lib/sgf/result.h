/*
 * result.h - RE's grammar (result.c), beside the public sgf_parse_result()
 * and sgf_format_result().  Never installed.
 */
#ifndef SGFKIT_SGF_RESULT_H
#define SGFKIT_SGF_RESULT_H

#include "sgfkit.h"

/* What result_read() noticed besides the result. */
enum {
    RESULT_PROBLEM = 1u << 0,   /* a problem's answer, not a game's result */
    RESULT_STONES = 1u << 1,    /* the margin was in stones (x2) */
    RESULT_UNIT = 1u << 2       /* its unit was written: "5 3/4 points" */
};

/* text read into *r, as sgf_parse_result() (1: FF[4]'s form, 0: another
 * form read, -1: unreadable), with what it noticed in *notes. */
int result_read(const char *text, sgf_result *r, unsigned *notes);

#endif /* SGFKIT_SGF_RESULT_H */
