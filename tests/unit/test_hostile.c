/*
 * test_hostile.c - regression tests for what the fuzz targets of issue 7
 * found in the XML and JSON readers (doc/fuzzing.md): inputs that are not
 * SGF, so they cannot be corpus/ cases for sgfcheck.
 *
 * Each test fails on the code before its fix.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "sgfkit.h"

/* A writer that fails once `left` bytes have gone through, with `code`. */
typedef struct limited {
    size_t left;
    int code;
    int calls_after;   /* calls after it failed: there must be none */
    int failed;
} limited;

static int limited_write(void *ctx, const void *data, size_t len)
{
    limited *l = ctx;
    (void)data;
    if (l->failed) {
        l->calls_after++;
        return l->code;
    }
    if (len > l->left) {
        l->failed = 1;
        return l->code;
    }
    l->left -= len;
    return 0;
}

/* One JSON tree larger than the reader's output buffer, so that a write
 * happens while the tree is still open. */
static char *big_tree(size_t *len)
{
    const char head[] = "{\"nodes\":[[[\"GM\",[\"1\"]]]";
    const char node[] = ",[[\"B\",[\"aa\"]],[\"C\",[\"a comment of some length "
                        "to fill the buffer quickly\"]]]";
    size_t n = 2000, cap = sizeof head + n * sizeof node + 16;
    char *s = malloc(cap), *p = s;
    if (!s)
        return NULL;
    memcpy(p, head, sizeof head - 1);
    p += sizeof head - 1;
    for (size_t i = 0; i < n; i++) {
        memcpy(p, node, sizeof node - 1);
        p += sizeof node - 1;
    }
    memcpy(p, "]}\n", 3);
    p += 3;
    *len = (size_t)(p - s);
    return s;
}

/* fuzz_json: a write that fails inside a tree was reported as malformed
 * JSON, SGF_E_FORMAT "the input ends inside a game tree", instead of the
 * write's error (lib/export/jsonread.c: the end-of-input check ran after
 * the loop had stopped for the write error). */
static void test_json_write_error_inside_tree(void)
{
    size_t len;
    char *json = big_tree(&len);
    char err[128];
    CHECK(json != NULL);
    if (!json)
        return;
    limited ok = { (size_t)-1, 0, 0, 0 };
    CHECK_INT(sgf_json_to_sgf(json, len, limited_write, &ok, err, sizeof err),
              1);
    for (size_t at = 0; at < 20000; at += 4000) {
        limited l = { at, SGF_E_IO, 0, 0 };
        memset(err, 0, sizeof err);
        CHECK_INT(sgf_json_to_sgf(json, len, limited_write, &l, err,
                                  sizeof err), SGF_E_IO);
        CHECK(l.failed);
        CHECK_INT(l.calls_after, 0);
        CHECK(strstr(err, "ends inside") == NULL);
        /* a positive code comes back as SGF_E_IO */
        limited p = { at, 5, 0, 0 };
        CHECK_INT(sgf_json_to_sgf(json, len, limited_write, &p, NULL, 0),
                  SGF_E_IO);
    }
    free(json);
}

/* The same for the XML reader, which got it right: kept so that both
 * readers stay alike. */
static void test_xml_write_error_inside_tree(void)
{
    char doc[200000];
    size_t n = (size_t)snprintf(doc, sizeof doc,
                                "<?xml version=\"1.0\"?>\n<sgf><game><node>"
                                "<prop id=\"GM\"><v>1</v></prop></node>");
    while (n < sizeof doc - 200)
        n += (size_t)snprintf(doc + n, sizeof doc - n,
                              "<node><prop id=\"C\"><v>a comment to fill the "
                              "buffer</v></prop></node>");
    n += (size_t)snprintf(doc + n, sizeof doc - n, "</game></sgf>\n");
    char err[128];
    limited ok = { (size_t)-1, 0, 0, 0 };
    int games = sgf_xml_to_sgf(doc, n, limited_write, &ok, err, sizeof err);
    if (games != 1)
        fprintf(stderr, "xml: %d %s\n", games, err);
    for (size_t at = 0; at < 20000 && games == 1; at += 4000) {
        limited l = { at, SGF_E_IO, 0, 0 };
        CHECK_INT(sgf_xml_to_sgf(doc, n, limited_write, &l, err, sizeof err),
                  SGF_E_IO);
        CHECK_INT(l.calls_after, 0);
    }
}

int main(void)
{
    test_json_write_error_inside_tree();
    test_xml_write_error_inside_tree();
    TEST_END();
}
