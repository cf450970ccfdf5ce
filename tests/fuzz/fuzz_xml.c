/*
 * fuzz_xml.c - libFuzzer target for the XML reader and writer (see
 * doc/fuzzing.md).
 *
 * 1. sgf_xml_to_sgf on the raw bytes (either form, any XML): it returns a
 *    number of games or an error with a message; whatever it wrote is
 *    canonical SGF: it reads back as exactly that many games, each of which
 *    the writer writes again to the same bytes.  Then again with a writer
 *    that fails part way (the error must come back, nothing after it) and
 *    with a small error buffer.
 * 2. The same bytes read as SGF: every game with a tree goes SGF -> XML ->
 *    SGF in both forms (doc/xml.md).  The raw form must give the canonical
 *    SGF (sgf_write_game) byte for byte; the Go form the same tree with the
 *    same decoded values, the root's properties in any order, and its
 *    output must be a fixed point (Go XML of it gives it again).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#define FUZZ_NAME "fuzz_xml"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- 1: XML in ---- */

static void rewrite_same(sgf_game *g, void *ctx)
{
    buf *all = ctx;   /* the output being walked: the game must be in it */
    buf one = { 0 };
    if (sgf_write_game(g, buf_write, &one) != 0)
        FAIL("sgf_write_game failed");
    uint64_t off = sgf_game_offset(g);
    if (off + one.len > all->len || memcmp(all->p + off, one.p, one.len)) {
        show("sgf_xml_to_sgf wrote", all);
        show("written again", &one);
        FAIL("sgf_xml_to_sgf's game at %llu is not canonical SGF",
             (unsigned long long)off);
    }
    free(one.p);
}

static void xml_in(const uint8_t *data, size_t size)
{
    buf out = { 0 };
    char err[256];
    memset(err, 'x', sizeof err);
    int rc = sgf_xml_to_sgf((const char *)data, size, buf_write, &out, err,
                            sizeof err);
    if (rc < 0) {
        if (rc != SGF_E_FORMAT)
            FAIL("sgf_xml_to_sgf: %d", rc);
        if (!memchr(err, '\0', sizeof err) || !err[0])
            FAIL("SGF_E_FORMAT without a message");
    }
    size_t games = out.len ? each_game(out.p, out.len, rewrite_same, &out)
                           : 0;
    if (rc >= 0 && games != (size_t)rc)
        FAIL("sgf_xml_to_sgf said %d games, wrote %zu", rc, games);

    /* a writer that fails part way: its value comes back */
    if (out.len > 0) {
        limited l = { (size ? data[size - 1] : 0) % out.len, 0 };
        int rc2 = sgf_xml_to_sgf((const char *)data, size, limited_write, &l,
                                 NULL, 0);
        if (l.failed && rc2 != 99)
            FAIL("a failing write gave %d", rc2);
        if (!l.failed && rc2 != rc)
            FAIL("the second read gave %d, the first %d", rc2, rc);
    }
    /* a small error buffer is filled, terminated, never overrun */
    check_small_error(sgf_xml_to_sgf, data, size, rc);
    free(out.p);
}

/* ---- 2: SGF -> XML -> SGF ---- */

static int xml_of(sgf_game *g, sgf_xml_form f, buf *x)
{
    int rc;
    x->len = 0;
    rc = sgf_xml_begin(f, buf_write, x);
    if (!rc)
        rc = sgf_xml_write_game(g, f, buf_write, x);
    if (!rc)
        rc = sgf_xml_end(f, buf_write, x);
    return rc;
}

/* A property as one string: id, then each decoded value after a NUL. */
static void prop_key(sgf_game *g, const sgf_prop *p, buf *k)
{
    k->len = 0;
    buf_write(k, p->id, strlen(p->id));
    for (uint32_t i = 0; i < p->nvalues; i++) {
        size_t n;
        const char *t = sgf_value_text(g, p, i, &n);
        if (!t)
            FAIL("sgf_value_text failed");
        buf_write(k, "\0[", 2);
        buf_write(k, t, n);
    }
}

/* Is every property of a in b, the same number of times (order free)? */
static int same_props_any_order(sgf_game *ga, const sgf_node *a,
                                sgf_game *gb, const sgf_node *b)
{
    size_t na = 0, nb = 0;
    for (const sgf_prop *p = a->props; p; p = p->next)
        na++;
    for (const sgf_prop *p = b->props; p; p = p->next)
        nb++;
    if (na != nb)
        return 0;
    char *used = calloc(nb + 1, 1);
    buf ka = { 0 }, kb = { 0 };
    int ok = 1;
    for (const sgf_prop *p = a->props; p && ok; p = p->next) {
        prop_key(ga, p, &ka);
        size_t j = 0;
        ok = 0;
        for (const sgf_prop *q = b->props; q; q = q->next, j++) {
            if (used[j])
                continue;
            prop_key(gb, q, &kb);
            if (ka.len == kb.len && memcmp(ka.p, kb.p, ka.len) == 0) {
                used[j] = 1;
                ok = 1;
                break;
            }
        }
    }
    free(used);
    free(ka.p);
    free(kb.p);
    return ok;
}

static int same_props_in_order(sgf_game *ga, const sgf_node *a,
                               sgf_game *gb, const sgf_node *b)
{
    buf ka = { 0 }, kb = { 0 };
    const sgf_prop *p = a->props, *q = b->props;
    int ok = 1;
    for (; p && q && ok; p = p->next, q = q->next) {
        prop_key(ga, p, &ka);
        prop_key(gb, q, &kb);
        ok = ka.len == kb.len && memcmp(ka.p, kb.p, ka.len) == 0;
    }
    free(ka.p);
    free(kb.p);
    return ok && !p && !q;
}

/* Same tree, same decoded values; the root's properties in any order.
 * Iterative: trees may be very deep. */
static int same_tree(sgf_game *ga, sgf_game *gb, size_t *where)
{
    const sgf_node *ra = sgf_game_root(ga), *rb = sgf_game_root(gb);
    const sgf_node *a = ra, *b = rb;
    size_t i = 0;
    if (!a || !b)
        return !a && !b;
    for (;;) {
        *where = i;
        if (!(a == ra ? same_props_any_order(ga, a, gb, b)
                      : same_props_in_order(ga, a, gb, b)))
            return 0;
        if (a->nchildren != b->nchildren)
            return 0;
        i++;
        if (a->child) {
            a = a->child;
            b = b->child;
            continue;
        }
        while (a != ra && !a->next) {
            a = a->parent;
            b = b->parent;
        }
        if (a == ra)
            return 1;
        a = a->next;
        b = b->next;
        if (!b)
            return 0;
    }
}

static void round_trip(sgf_game *g, void *ctx)
{
    (void)ctx;
    buf canon = { 0 }, x = { 0 }, back = { 0 }, again = { 0 };
    char err[256];
    if (sgf_write_game(g, buf_write, &canon) != 0)
        FAIL("sgf_write_game failed");
    sgf_game *a = parse_back(canon.p, canon.len);

    for (int f = SGF_XML_GO; f <= SGF_XML_RAW; f++) {
        const char *form = f == SGF_XML_GO ? "Go" : "raw";
        int rc = xml_of(g, (sgf_xml_form)f, &x);
        if (rc == SGF_E_ARG && f == SGF_XML_GO)
            continue;       /* nested deeper than the Go form reads back */
        if (rc != 0)
            FAIL("%s form: writing the XML: %s", form, sgf_strerror(rc));
        back.len = 0;
        rc = sgf_xml_to_sgf(x.p, x.len, buf_write, &back, err, sizeof err);
        if (rc != 1) {
            show("XML", &x);
            FAIL("%s form: reading the XML back gave %d: %s", form, rc,
                 rc == SGF_E_FORMAT ? err : "");
        }
        if (f == SGF_XML_RAW) {
            if (back.len != canon.len || memcmp(back.p, canon.p, canon.len)) {
                show("canonical", &canon);
                show("XML", &x);
                show("read back", &back);
                FAIL("raw form: SGF -> XML -> SGF is not the canonical SGF");
            }
            continue;
        }
        sgf_game *b = parse_back(back.p, back.len);
        size_t where = 0;
        if (!same_tree(a, b, &where)) {
            show("canonical", &canon);
            show("read back", &back);
            FAIL("Go form: the tree read back differs at node %zu", where);
        }
        /* what the Go form gives is its own fixed point */
        if (xml_of(b, SGF_XML_GO, &x) != 0)
            FAIL("Go form: writing the game read back");
        again.len = 0;
        if (sgf_xml_to_sgf(x.p, x.len, buf_write, &again, err,
                           sizeof err) != 1 ||
            again.len != back.len || memcmp(again.p, back.p, back.len)) {
            show("read back", &back);
            show("read back again", &again);
            FAIL("Go form: SGF -> XML -> SGF is not a fixed point");
        }
        sgf_game_free(b);
    }
    sgf_game_free(a);
    free(canon.p);
    free(x.p);
    free(back.p);
    free(again.p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int init;
    if (!init) {
        xmlInitParser();
        init = 1;
    }
    xml_in(data, size);
    each_game((const char *)data, size, round_trip, NULL);
    return 0;
}
