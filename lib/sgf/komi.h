/*
 * komi.h - KM's grammar (komi.c), beside the public sgf_parse_komi().
 * Never installed.
 */
#ifndef SGFKIT_SGF_KOMI_H
#define SGFKIT_SGF_KOMI_H

#include <stdbool.h>
#include "sgfkit.h"

typedef struct komi_reading {
    double komi;        /* points */
    double written;     /* the number as written */
    int scale;          /* 0, or 100: the text was komi x100 */
    bool stones;        /* written in stones (x2 for points) */
    bool guessed;       /* scaled without an AP[] that asks for it */
    bool quarter;       /* a Real in quarters: stones (KM[2.75]) */
} komi_reading;

/* Whether the application app (AP[]'s text) writes komi x100: Fox's. */
bool app_scales_komi(const char *app);

/* text read into *k, app being the record's AP[] (NULL: none): 1 for
 * FF[4]'s form, 0 for another form read, -1 for no komi. */
int komi_parse(const char *text, const char *app, komi_reading *k);

#endif /* SGFKIT_SGF_KOMI_H */
