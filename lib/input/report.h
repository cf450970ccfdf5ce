/*
 * report.h - what the input iterator tells its caller (report.c): an
 * input it could not read (a failure), an input its policy does not read
 * (a skip, named and counted), a member whose bytes failed.  Never
 * installed.
 */
#ifndef SGFKIT_INPUT_REPORT_H
#define SGFKIT_INPUT_REPORT_H

#include "input/iterator.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* A failure on origin: counted, and handed to the caller's on_error. */
void inputs_fail(sgf_inputs *in, const char *origin, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
/* origin not read, for why: "skipped 'origin': REASON (detail)", counted
 * and handed to on_skip; never a failure. */
void inputs_skip(sgf_inputs *in, const char *origin, sgf_skip_reason why,
                 const char *fmt, ...) PRINTF_LIKE(4, 5);
/* The member's reads fail from here on with code (sticky); returns code. */
long member_fail(sgf_member *m, int code, const char *fmt, ...)
    PRINTF_LIKE(3, 4);

#endif /* SGFKIT_INPUT_REPORT_H */
