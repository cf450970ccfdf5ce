/*
 * fuzz_gameinfo.c - libFuzzer target for the game-information grammars
 * (see doc/fuzzing.md): sgf_parse_result, sgf_parse_komi, sgf_parse_date and
 * sgf_rules_parse on arbitrary text, the way a program calls them on
 * decoded values it did not check first.
 *
 * The input is used whole as one NUL-terminated text, and also split at its
 * first NUL byte into a text and an application name for KM (the server's
 * x100 and x50 conventions depend on AP).  Beyond the sanitizers, the
 * promises of sgfkit.h are checked: return codes in range, outputs in their
 * ranges and finite, *out untouched when a rule set is not understood, and
 * what the formatters write is read back as the same thing.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgfkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...) do { \
    fprintf(stderr, "fuzz_gameinfo: " __VA_ARGS__); \
    fputc('\n', stderr); \
    abort(); \
} while (0)

static volatile size_t sink;

static void check_result(const char *text)
{
    sgf_result r;
    memset(&r, 0xa5, sizeof r);      /* catch fields left unset */
    int rc = sgf_parse_result(text, &r);
    if (rc < -1 || rc > 1)
        FAIL("sgf_parse_result returned %d", rc);
    if ((unsigned)r.winner > SGF_WIN_VOID)
        FAIL("sgf_parse_result: winner %d", (int)r.winner);
    if ((unsigned)r.reason > SGF_BY_OTHER)
        FAIL("sgf_parse_result: reason %d", (int)r.reason);
    if (rc == -1 && r.winner != SGF_WIN_UNKNOWN)
        FAIL("unreadable RE with winner %d", (int)r.winner);
    if (r.has_margin && !isfinite(r.margin))
        FAIL("RE margin %g", r.margin);
    char buf[64], small[4];
    sgf_format_result(&r, buf, sizeof buf);
    sgf_format_result(&r, small, sizeof small);
    if (strlen(buf) >= sizeof buf || strlen(small) >= sizeof small)
        FAIL("sgf_format_result overran");
    if (r.winner == SGF_WIN_NONE)
        return;
    /* the FF[4] text of what was read must read back as the same; but a
     * margin in quarters of a point, which only a written unit can say
     * ("5 3/4 points", "¼pt"), reads back as stones (B+5.75 is 11.5
     * points, with a note): FF[4] has no way to say it */
    bool quarters = r.reason == SGF_BY_POINTS && r.has_margin &&
                    fabs(r.margin) < 1e9 &&
                    fmod(fabs(r.margin) * 4, 2) == 1;
    sgf_result back;
    int rc2 = sgf_parse_result(buf, &back);
    if ((rc2 != 1 && !quarters) || back.winner != r.winner)
        FAIL("RE '%s' formatted as '%s' reads back as %d (winner %d, was %d)",
             text, buf, rc2, (int)back.winner, (int)r.winner);
    if ((r.winner == SGF_WIN_BLACK || r.winner == SGF_WIN_WHITE) &&
        (r.reason == SGF_BY_RESIGN || r.reason == SGF_BY_TIME ||
         r.reason == SGF_BY_FORFEIT) && back.reason != r.reason)
        FAIL("RE '%s' formatted as '%s' reads back with reason %d, was %d",
             text, buf, (int)back.reason, (int)r.reason);
    if (r.reason == SGF_BY_POINTS && r.has_margin && !quarters &&
        r.margin >= 0 &&
        r.margin < 1e9 &&
        (!back.has_margin || fabs(back.margin - r.margin) > 1e-3))
        FAIL("RE '%s' formatted as '%s' reads back with margin %g, was %g",
             text, buf, back.margin, r.margin);
}

static void check_komi(const char *text, const char *app)
{
    double komi = 12345.0;
    int scaled = 7;
    int rc = sgf_parse_komi(text, app, &komi, &scaled);
    if (rc < -1 || rc > 1)
        FAIL("sgf_parse_komi returned %d", rc);
    if (rc >= 0 && !isfinite(komi))
        FAIL("KM '%s' read as %g", text, komi);
    if (rc >= 0 && scaled != 0 && scaled != 1)
        FAIL("KM '%s': scaled %d", text, scaled);
}

static void check_date(const char *text)
{
    sgf_date d = { -1, -1, -1 };
    int rc = sgf_parse_date(text, &d);
    if (rc < -1 || rc > 1)
        FAIL("sgf_parse_date returned %d", rc);
    if (rc >= 0 && (d.month < 0 || d.month > 12 || d.day < 0 || d.day > 31 ||
                    d.year < 0 || (d.day && !d.month)))
        FAIL("DT '%s' read as %d-%d-%d", text, d.year, d.month, d.day);
    if (rc == 1 && d.year == 0)
        FAIL("DT '%s' valid without a year", text);
}

static int same_rules(const sgf_rules *a, const sgf_rules *b)
{
    return a->ko == b->ko && a->scoring == b->scoring && a->tax == b->tax &&
           !a->suicide == !b->suicide && !a->button == !b->button &&
           a->bonus == b->bonus && fabs(a->komi - b->komi) < 1e-3;
}

static void check_rules(const char *text)
{
    sgf_rules r, untouched;
    memset(&r, 0x5a, sizeof r);
    untouched = r;
    int rc = sgf_rules_parse(text, &r);
    if (rc < -1 || rc > 1)
        FAIL("sgf_rules_parse returned %d", rc);
    if (sgf_rules_parse(text, NULL) != rc)
        FAIL("sgf_rules_parse(NULL out) disagrees");
    if (rc == -1) {
        if (memcmp(&r, &untouched, sizeof r) != 0)
            FAIL("RU '%s' not understood, but *out changed", text);
        return;
    }
    if ((unsigned)r.ko > SGF_KO_SPIGHT || (unsigned)r.scoring > 1 ||
        (unsigned)r.tax > SGF_TAX_ALL || (unsigned)r.bonus > 2 ||
        (unsigned)r.cycle > 1 ||
        (r.first != SGF_BLACK && r.first != SGF_WHITE))
        FAIL("RU '%s' read into fields out of range", text);
    if (!memchr(r.name, '\0', sizeof r.name))
        FAIL("RU '%s': name not NUL-terminated", text);
    if (!isfinite(r.komi) || fabs(r.komi) > 1e6)
        FAIL("RU '%s': komi %g", text, r.komi);
    /* KataGo's compact form of what was read reads back exactly as it */
    char buf[160], small[8];
    sgf_rules_format(&r, buf, sizeof buf);
    sgf_rules_format(&r, small, sizeof small);
    if (strlen(small) >= sizeof small)
        FAIL("sgf_rules_format overran");
    sgf_rules back;
    int rc2 = sgf_rules_parse(buf, &back);
    if (rc2 != 1 || !same_rules(&r, &back)) {
        char again[160];
        if (rc2 >= 0)
            sgf_rules_format(&back, again, sizeof again);
        else
            strcpy(again, "(not understood)");
        FAIL("RU '%s' formatted as '%s' reads back (%d) as '%s'", text, buf,
             rc2, again);
    }
    sink += strlen(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        FAIL("out of memory");
    memcpy(text, data, size);
    text[size] = '\0';
    /* text ends at its first NUL; what follows names the application */
    size_t n = strlen(text);
    const char *app = n < size ? text + n + 1 : NULL;

    check_result(text);
    check_komi(text, NULL);
    check_komi(text, app);
    check_komi(text, "Fox");
    check_komi(text, "GoGoD");
    check_date(text);
    check_rules(text);
    if (app) {
        check_result(app);
        check_date(app);
        check_rules(app);
    }
    free(text);
    return 0;
}
