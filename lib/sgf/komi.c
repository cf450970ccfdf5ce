/*
 * komi.c - KM's grammar: a Real, Fox's komi x100 (KM[650], and KM[375] in
 * stones), a komi in quarters (stones), and free text ("6,5", "7目半",
 * "3又3/4子", "5 1/2").  doc/gameinfo.md lists the forms and their sources.
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "sgf/komi.h"
#include "common/textscan.h"

/* Applications whose files write komi x100.  foxwq: the Fox (野狐) client
 * (AP[GNU Go:3.8]...AP[foxwq]).  YuanYu: the AP of the Fox exports in
 * yenw/computer-go-dataset (KM[375], KM[650], KM[750]); the same AP is on
 * files it copied from other servers with KM[6.5], which the integer test
 * below leaves alone. */
bool app_scales_komi(const char *app)
{
    static const char *const names[] = { "foxwq", "yuanyu", NULL };
    if (!app)
        return false;
    for (const char *p = app; *p; p++)
        for (const char *const *n = names; *n; n++) {
            size_t i = 0;
            while ((*n)[i] && lower(p[i]) == (*n)[i])
                i++;
            if (!(*n)[i])
                return true;
        }
    return false;
}

/* Fox writes komi x100: KM[650] = 6.5, KM[750] = 7.5, KM[50] = 0.5 (its
 * handicap games); under Chinese rules it writes the komi in stones x100:
 * KM[375] = 3¾ 子 = 7.5 points, KM[325] = 6.5 points.  A scaled value
 * between 2.5 and 4 can only be stones: no rule set gives a komi of 3 or 3.75
 * points, and these are exactly the stone komis 2¾, 3¼, 3½, 3¾ (KataGo's
 * table for foxwq: 275/550 -> 5.5, 325/650 -> 6.5, 350/700 -> 7,
 * 375/750 -> 7.5). */
static void komi_unscale(komi_reading *k, double v)
{
    double x = v / 100, ax = x < 0 ? -x : x;
    k->scale = 100;
    k->stones = ax > 2.5 && ax <= 4;
    k->komi = k->stones ? 2 * x : x;
}

int komi_parse(const char *text, const char *app, komi_reading *k)
{
    memset(k, 0, sizeof *k);
    if (!text)
        return -1;
    const char *p = text;
    bool neg = false, strict;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    double v;
    const char *e = scan_decimal(p, SCAN_LOOSE, &v, &strict);
    if (e && !*e && strict) {
        v = neg ? -v : v;
        k->written = k->komi = v;
        bool integer = !strchr(p, '.');
        double av = v < 0 ? -v : v;
        if (integer && av >= 50 && app_scales_komi(app)) {
            komi_unscale(k, v);
            return 0;
        }
        /* Without such an AP[]: an integer of 200 or more in steps of 25
         * is no komi anyone plays (more than half a 19x19 board) but is
         * exactly what Fox writes; files re-saved by other editors
         * (gokifu's AP[SGFC:2.0], KataGo PR #1118) keep these values. */
        if (integer && av >= 200 && av <= 2000 && (long)av % 25 == 0) {
            komi_unscale(k, v);
            k->guessed = true;
            return 0;
        }
        if (is_odd_quarter(v)) {
            k->stones = k->quarter = true;
            k->komi = 2 * v;
            return 0;
        }
        return 1;
    }
    /* Free text: "5 1/2", "6,5", "6.5目", "7目半", "3又3/4子", "komi 6.5". */
    const char *s = skip_space(text);
    for (; *s; s += u8len(s)) {
        amount a;
        if (*s == '-' || *s == '+') {
            neg = *s == '-';
            if (scan_amount(s + 1, &a))
                s++;
        }
        if (scan_amount(s, &a)) {
            k->written = neg ? -a.v : a.v;
            k->stones = a.unit == UNIT_STONES;
            k->komi = neg ? -amount_points(&a) : amount_points(&a);
            /* no unit and quarters ("3¾", "7 3/4"): stones, as KM[3.75] */
            if (a.unit == UNIT_NONE && is_odd_quarter(k->komi)) {
                k->stones = true;
                k->komi *= 2;
            }
            return 0;
        }
        neg = false;
    }
    return -1;
}

int sgf_parse_komi(const char *text, const char *application, double *komi,
                   int *scaled)
{
    komi_reading k;
    int rc = komi_parse(text, application, &k);
    if (komi)
        *komi = k.komi;
    if (scaled)
        *scaled = k.scale != 0 || k.quarter;
    return rc;
}
