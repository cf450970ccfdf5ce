/*
 * stat.h - sgfstat's mergeable state (doc/sgfstat.md): per group of games
 * (--by), tables of exact counts keyed by a string (board sizes, rules,
 * players...), and the signatures of every game for --duplicates.  Each
 * worker thread fills a state of its own; states merge by adding counts
 * and appending signatures, the same code for threads and for --merge of
 * partial files, so merged results equal a single run exactly.
 */
#ifndef SGFKIT_STAT_H
#define SGFKIT_STAT_H

#include <stdint.h>
#include <string.h>
#include "cli/cli.h"

enum stat_table_id {
    T_TOTAL,        /* games, files, bytes, no_tree */
    T_SIZE, T_RULES, T_KOMI, T_HANDICAP, T_RESULT, T_MOVES, T_PASSES,
    T_YEAR, T_PLAYER, T_RANK, T_FIRST, T_OPENING, T_CHARSET, T_APPLICATION,
    T_STATUS, T_CHECK, T_RULES_ASSUMED, T_KOMI_ASSUMED,
    STAT_NTABLES
};
extern const char *const stat_table_names[STAT_NTABLES];

struct stat_item {
    const char *key;         /* in the state's strings; not NUL-terminated */
    uint32_t len, hash;
    uint64_t count;
};

/* Open addressing, a power of two of slots, at most half full. */
struct stat_table {
    struct stat_item *slot;
    size_t n, cap;
};

struct stat_group {
    const char *key;         /* NUL-terminated; "" without --by */
    size_t len;
    struct stat_table t[STAT_NTABLES];
};

/* One game for --duplicates: 80 bytes (doc/sgfstat.md). */
struct dup_entry {
    uint64_t hash;
    uint32_t prefix[SGF_SIG_LEVELS];
    uint32_t origin;         /* index into the state's origins */
    uint32_t game;
    /* "PB\tPW\tDT\tRE" in the state's strings (tabs and line ends in the
     * values made spaces); the entry before's when equal */
    const char *info;
    uint16_t moves;          /* saturated at 65535 */
    uint16_t year;           /* of DT, 0 when unknown */
    uint8_t month, day;      /* of DT, 0 when unknown */
    /* transform (bits 0-2), first mover White (3), how many
     * game-information properties the record gives (4-7, at most 15) */
    uint8_t form;
    uint8_t dyer[9];         /* 6 slots of 12 bits (dyer_pack) */
};
#define DUP_FIELDS(e) ((unsigned)(e)->form >> 4)

/* What --duplicates keeps of a game's information, to compare records and
 * to show them. */
struct dup_info {
    const char *text[4];     /* PB, PW, DT, RE as written; NULL for none */
    int year, month, day;    /* of DT, 0 where unknown */
    unsigned fields;         /* game-information properties it gives */
};
enum { DUP_PB, DUP_PW, DUP_DT, DUP_RE };
enum { DUP_CHUNK = 4096 };

struct str_block;

struct stat_state {
    struct str_block *strings;
    int nomem;
    uint64_t read;           /* games read, --where or not */
    struct stat_group **groups;
    size_t ngroups, groups_cap;
    struct stat_table index; /* group key -> position in groups (count) */
    struct stat_group *last; /* the group of the game before */
    int dups;                /* signatures are kept */
    struct dup_entry **chunks;
    size_t nchunks, chunks_cap, ndups;
    const char **origins;
    size_t norigins, origins_cap;
};

struct stat_state *stat_new(int dups);
void stat_free(struct stat_state *s);
/* The group of key (created on first use); NULL when out of memory. */
struct stat_group *stat_group(struct stat_state *s, const char *key,
                              size_t len);
/* Adds n to key's count in table t of g. */
void stat_count(struct stat_state *s, struct stat_group *g,
                enum stat_table_id t, const char *key, size_t len,
                uint64_t n);
static inline void stat_count_str(struct stat_state *s, struct stat_group *g,
                                  enum stat_table_id t, const char *key)
{
    stat_count(s, g, t, key, strlen(key), 1);
}
uint64_t stat_get(const struct stat_table *t, const char *key);
/* Keeps a game's signature and information for --duplicates. */
void stat_dup_add(struct stat_state *s, const char *origin, unsigned game,
                  const sgf_game_sig *sig, const struct dup_info *info);
/* The game information of g as --duplicates keeps it. */
void stat_dup_info(const sgf_info *in, struct dup_info *out);
/* Field k (DUP_PB...) of e's information into out (n bytes): "" for none. */
void stat_dup_field(const struct stat_state *s, const struct dup_entry *e,
                    int k, char *out, size_t n);
struct dup_entry *stat_dup_at(const struct stat_state *s, size_t i);
/* Adds src into dst and frees src. */
void stat_merge(struct stat_state *dst, struct stat_state *src);

/* Items of a table in print order: by count (then key), or by the number
 * the key spells for numeric tables; with limit > 0 only the first limit
 * (stat_first_n says how many that is).  Caller frees; NULL on no memory. */
struct stat_item **stat_sorted(const struct stat_table *t, int numeric,
                               size_t limit);
static inline size_t stat_first_n(const struct stat_table *t, size_t limit)
{
    return limit && limit < t->n ? limit : t->n;
}
/* Groups in print order (by key for by_key, else by games). */
struct stat_group **stat_sorted_groups(const struct stat_state *s,
                                       int by_key);
int stat_table_numeric(enum stat_table_id t);

/* ---- the partial file (stat-file.c) ---- */

/* A field of a tab-separated line: tab, newline, carriage return and
 * backslash escaped (\t, \n, \r, \\). */
void stat_tsv_field(struct cli_buf *b, const char *s, size_t n);

#define STAT_PARTIAL_MAGIC "sgfstat-partial"
#define STAT_PARTIAL_VERSION 2
/* by: the --by field or NULL. */
void stat_write_partial(const struct stat_state *s, const char *by,
                        struct cli_buf *b);
/* Reads one partial file's bytes into s (new state, made by the caller
 * with stat_new(0)); *by gets the --by of the file (malloc'd, NULL for
 * none).  Returns 0, or -1 with a message in err. */
int stat_read_partial(struct stat_state *s, const char *data, size_t len,
                      char **by, char *err, size_t errlen);

/* ---- duplicates (stat-dups.c) ---- */

struct dup_set {
    uint32_t *member;        /* entry numbers: the kept record, then the
                              * others in print order */
    size_t n;
};
struct dup_report {
    struct dup_set *set;
    size_t nsets, nrecords;
    uint32_t *pool;          /* the members of every set */
    /* the common openings measured over the collection: per prefix level,
     * the records reaching the next level and how many prefixes of this
     * level go on in different ways */
    size_t reaching[SGF_SIG_LEVELS], branching[SGF_SIG_LEVELS];
    int depth_level;         /* the first level whose prefix is evidence */
    unsigned depth_moves;    /* its length in moves */
};
/* The last prefix level e reaches, -1 for none. */
int stat_dup_top_level(const struct dup_entry *e);
/* How a record's game information stands against another's. */
enum { DUP_INFO_SAME,        /* PB, PW, DT, RE as written are equal */
       DUP_INFO_AGREE,       /* other text, same players or same day, no
                              * conflict */
       DUP_INFO_OTHER,       /* other text, the players cannot be compared */
       DUP_INFO_CONFLICT };  /* other players, or dates days apart */
int stat_dup_info_cmp(const struct stat_state *s, const struct dup_entry *f,
                      const struct dup_entry *e);
/* Groups the state's signatures.  Returns 0 or -1 (no memory). */
int stat_dup_find(const struct stat_state *s, struct dup_report *r);
void stat_dup_free(struct dup_report *r);
void dyer_pack(uint8_t out[9], const char dyer[13]);
void dyer_unpack(char out[13], const uint8_t in[9]);

/* ---- output (stat-print.c) ---- */

struct stat_print {
    const char *by;          /* --by, NULL for none */
    unsigned top;            /* rows of the long tables, 0 for all */
    int dups;                /* print duplicates */
    struct stat_group **groups;  /* in print order (stat_sorted_groups) */
};
void stat_print_text(const struct stat_state *s,
                     const struct stat_print *o, const struct dup_report *d,
                     struct cli_buf *b);
void stat_print_json(const struct stat_state *s,
                     const struct stat_print *o, const struct dup_report *d,
                     struct cli_buf *b);
void stat_print_csv(const struct stat_state *s,
                    const struct stat_print *o, const struct dup_report *d,
                    struct cli_buf *b);
/* --keep-list (keep 1) or --drop-list (keep 0): the kept or the dropped
 * records of every set as tab-separated lines under a header. */
void stat_print_dup_list(const struct stat_state *s,
                         const struct dup_report *d, int keep,
                         struct cli_buf *b);
void stat_print_html(const struct stat_state *s,
                     const struct stat_print *o, const struct dup_report *d,
                     struct cli_buf *b);

/* ---- fields, --where and --by (stat-where.c) ---- */

enum stat_field_kind {
    F_PROP, F_MOVES, F_PASSES, F_YEAR, F_SIZE, F_RULES, F_KOMI, F_HANDICAP,
    F_RESULT, F_WINNER, F_ERRORS, F_WARNINGS, F_ORIGIN, F_GAME, F_PLAYER,
    F_CHARSET, F_APPLICATION
};

struct stat_field {
    enum stat_field_kind kind;
    char prop[16];           /* F_PROP: the property id */
};

enum stat_op { OP_MATCH, OP_NOMATCH, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT,
               OP_GE };

struct stat_where {
    struct stat_field field;
    enum stat_op op;
    const char *value;       /* the right-hand side as given */
    double number;
    int is_number;
    void *re;                /* pcre2_code for ~ and !~ */
};

/* Reads a field name: 0, or -1 when it names nothing. */
int stat_field_parse(const char *name, size_t len, struct stat_field *f);
/* "FIELD OP VALUE".  0, or -1 after a usage error (regex errors with
 * PCRE2's message and offset). */
int stat_where_parse(struct cli *cli, const char *arg, struct stat_where *w);
void stat_where_free(struct stat_where *w);
/* A game's value of f as text in tmp (n bytes) or in the game; NULL when
 * the game has none.  For F_PLAYER, which is 0 (Black) or 1 (White). */
const char *stat_field_value(sgf_game *g, const sgf_game_sig *sig,
                             const struct stat_field *f, int which,
                             char *tmp, size_t n);
/* Whether g passes w; md is the thread's pcre2_match_data. */
int stat_where_match(const struct stat_where *w, sgf_game *g,
                     const sgf_game_sig *sig, void *md);
/* Text of the result for the results table: "B+R", "W+points", "draw",
 * "void", "unknown", "none"... */
const char *stat_result_key(const sgf_info *in);

#endif /* SGFKIT_STAT_H */
