/*
 * diag.h - reporting a diagnostic on a game (diag.c).  Never installed.
 */
#ifndef SGFKIT_SGF_DIAG_H
#define SGFKIT_SGF_DIAG_H

#include <stdarg.h>
#include <stdint.h>
#include "sgfkit.h"

enum { DIAGS_PER_CHECK = 1000 };
/* After the last pass: note the checks that fired past DIAGS_PER_CHECK,
 * then order the diagnostics by offset (stable for equal offsets). */
void game_finish_diags(sgf_game *g);
/* Report with a va_list; pos relative to game start. */
int game_vreport(sgf_game *g, int check, uint32_t pos, int move,
                 const char *fmt, va_list ap);
/* The library's own reports go through the public entry point. */
#define game_report sgf_game_report

/* Report at pos in the foreign bytes of a converted record (at pos in
 * the game's text for SGF). */
int game_report_source(sgf_game *g, int check, uint32_t pos, const char *fmt,
                       ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif /* SGFKIT_SGF_DIAG_H */
