/*
 * report.c - failures and skips of the input iterator, and a member's
 * read error: the message made once, counted, handed to the caller.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "input/iterator.h"
#include "input/report.h"
#include "sgfkit.h"

void inputs_fail(sgf_inputs *in, const char *origin, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->msg, sizeof in->msg, fmt, ap);
    va_end(ap);
    in->failures++;
    if (in->on_error)
        in->on_error(in->ctx, origin, in->msg);
}

/* An input not read by the walk's policy: named and counted, never a
 * failure.  The message is "skipped 'origin': REASON (detail)". */
static const char *const skip_reasons[SGF_SKIP_REASONS] = {
    [SGF_SKIP_NOT_RECORD] = "not a game record",
    [SGF_SKIP_HIDDEN] = "hidden",
    [SGF_SKIP_SPECIAL] = "not a regular file",
    [SGF_SKIP_LINK_LOOP] = "a link loop",
    [SGF_SKIP_EMPTY] = "empty",
};

void inputs_skip(sgf_inputs *in, const char *origin, sgf_skip_reason why,
                 const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(in->msg, sizeof in->msg, "skipped '%s': %s (", origin,
                     skip_reasons[why]);
    if (n < 0 || (size_t)n >= sizeof in->msg - 1)
        n = 0;
    va_start(ap, fmt);
    int d = vsnprintf(in->msg + n, sizeof in->msg - (size_t)n - 1, fmt, ap);
    va_end(ap);
    if (d >= 0) {
        size_t end = strlen(in->msg);
        in->msg[end] = ')';
        in->msg[end + 1] = '\0';
    }
    in->skipped[why]++;
    if (in->on_skip)
        in->on_skip(in->skip_ctx, origin, why, in->msg);
}

long member_fail(sgf_member *m, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err, sizeof m->err, fmt, ap);
    va_end(ap);
    m->failed = code;
    return code;
}

const char *sgf_skip_reason_name(int why)
{
    return why >= 0 && why < SGF_SKIP_REASONS ? skip_reasons[why] : NULL;
}
