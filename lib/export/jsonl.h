/*
 * jsonl.h - the summary of a game (jsonl.c) that the JSON Lines line, the
 * CSV games row (csv.c) and the signatures (stats.c) read.  Never
 * installed.
 */
#ifndef SGFKIT_EXPORT_JSONL_H
#define SGFKIT_EXPORT_JSONL_H

#include <stdbool.h>
#include <string.h>

#include "sgfkit.h"
#include "go/replay.h"

typedef struct game_summary {
    sgf_rules rules;        /* what the game is played under (komi included:
                             * KM[], else the komi assumed) */
    const char *rules_source, *komi_source;     /* source_words: "record",
                             * "inferred from DT[1933]", "default", "given" */
    source_text rules_why, komi_why;            /* where those two point */
    char rules_name[96];    /* as KataGo reads it: a name or its compact form */
    char result[48];        /* RE[] in FF[4] form, "" without RE[] */
    const char *winner;     /* "B", "W", "draw", "void", "unknown"; NULL */
    char date[16];          /* "YYYY-MM-DD", "YYYY-MM", "YYYY" or "" */
    char dyer[13];          /* moves 20 40 60 31 51 71 (doc/json.md) */
    char moves_hash[17];    /* 16 hex digits */
    char game_id[17];       /* game_id_of: the key of the games and moves */
    uint64_t hash;          /* moves_hash while the moves are read */
    unsigned moves;         /* main-line moves, passes included */
    size_t errors, warnings;
    const char *status;     /* "ok", "warnings" or "errors" */
} game_summary;

/* The game's short id, 16 hex digits: FNV-1a 64 over its origin, a 0
 * byte and its number within the origin in decimal (doc/json.md).  The
 * JSON Lines line, the CSV games row and every CSV moves row carry it, so
 * it joins them without repeating the origin; taken from the game alone,
 * it is the same at any -j and in any share of a run. */
void game_id_of(const sgf_game *g, char id[17]);

/* rules: as for sgf_game_replay (NULL: RU[]). */
void game_summary_read(sgf_game *g, const sgf_rules *rules, game_summary *s);

/* Dave Dyer's signature: moves 20, 40, 60 ("signature A") then 31, 51, 71
 * ("signature B") as SGF points, "??" where the main line has no such
 * move; passes are "tt", as the records of Dyer's time wrote them.  The
 * JSON Lines and CSV summary (game_summary_read) and sgfstat's duplicate
 * signature (stats.c, during its own walk of the moves) both fill it. */
#define DYER_LAST 71
/* The slot (0-5) of Dyer's signature that move number (1-based) fills, or
 * -1: asked of every move, so a switch, not a search. */
static inline int dyer_index(int number)
{
    switch (number) {
    case 20: return 0;
    case 40: return 1;
    case 60: return 2;
    case 31: return 3;
    case 51: return 4;
    case DYER_LAST: return 5;
    default: return -1;
    }
}
/* Fills slot of dyer (12 characters) from move property p of a w x h
 * board. */
void dyer_slot(char dyer[13], int slot, const sgf_prop *p, int w, int h);

/* The value of a move property with surrounding blanks removed (inline:
 * the summaries take it for every move of every game). */
static inline bool move_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
static inline const char *move_value(const sgf_prop *p, size_t *len)
{
    const char *s = p->nvalues ? p->values[0].raw : "";
    size_t n = p->nvalues ? p->values[0].len : 0;
    while (n > 0 && move_blank(*s))
        s++, n--;
    while (n > 0 && move_blank(s[n - 1]))
        n--;
    *len = n;
    return s;
}

#endif /* SGFKIT_EXPORT_JSONL_H */
