/*
 * harness.h - the smallest unit-test harness that does the job: every CHECK
 * counts as one case, failures print file:line and the expression, and
 * TEST_END prints "N passed, N failed" (summed by tests/run-tests.sh).
 */
#ifndef SGFKIT_TEST_HARNESS_H
#define SGFKIT_TEST_HARNESS_H

#include <stdio.h>
#include <string.h>

static int harness_passed, harness_failed;

#define CHECK(cond) do { \
    if (cond) harness_passed++; \
    else { harness_failed++; \
        fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond); } \
} while (0)

#define CHECK_INT(got, want) do { \
    long long g_ = (long long)(got), w_ = (long long)(want); \
    if (g_ == w_) harness_passed++; \
    else { harness_failed++; \
        fprintf(stderr, "%s:%d: FAIL: %s == %lld, expected %lld\n", \
                __FILE__, __LINE__, #got, g_, w_); } \
} while (0)

#define CHECK_STR(got, want) do { \
    const char *g_ = (got), *w_ = (want); \
    if (g_ && w_ && strcmp(g_, w_) == 0) harness_passed++; \
    else if (!g_ && !w_) harness_passed++; \
    else { harness_failed++; \
        fprintf(stderr, "%s:%d: FAIL: %s == \"%s\", expected \"%s\"\n", \
                __FILE__, __LINE__, #got, g_ ? g_ : "(null)", w_ ? w_ : "(null)"); } \
} while (0)

#include <stdlib.h>

/* Path of file (relative to the real corpus, "" for the corpus itself) in
 * out: the corpus is $SGFKIT_CORPUS, else ../shared/corpus beside the
 * source tree ($srcdir, set by tests/run-tests.sh), else beside the current
 * folder.  Tests over it skip with a message when it is absent. */
static inline const char *harness_corpus(char *out, size_t n, const char *file)
{
    const char *env = getenv("SGFKIT_CORPUS");
    const char *src = getenv("srcdir");
    if (env && *env)
        snprintf(out, n, "%s%s%s", env, *file ? "/" : "", file);
    else
        snprintf(out, n, "%s/../shared/corpus%s%s", src && *src ? src : ".",
                 *file ? "/" : "", file);
    return out;
}

#define TEST_END() do { \
    printf("%d passed, %d failed\n", harness_passed, harness_failed); \
    return harness_failed ? 1 : 0; \
} while (0)

#endif
