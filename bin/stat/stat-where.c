/*
 * stat-where.c - the fields of a game that --where tests and --by groups
 * by (sgfstat(1)): named facts (moves, year, size...) or any property of
 * the game-info part of the main line, compared as numbers when both sides
 * are numbers, else as text, or matched with a PCRE2 regular expression.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stat/stat.h"

static const struct {
    const char *name;
    enum stat_field_kind kind;
} named[] = {
    { "moves", F_MOVES }, { "passes", F_PASSES }, { "year", F_YEAR },
    { "size", F_SIZE }, { "rules", F_RULES }, { "komi", F_KOMI },
    { "handicap", F_HANDICAP }, { "result", F_RESULT },
    { "winner", F_WINNER }, { "errors", F_ERRORS },
    { "warnings", F_WARNINGS }, { "origin", F_ORIGIN }, { "game", F_GAME },
    { "player", F_PLAYER }, { "charset", F_CHARSET },
    { "application", F_APPLICATION },
};

int stat_field_parse(const char *name, size_t len, struct stat_field *f)
{
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strlen(named[i].name) == len &&
            memcmp(named[i].name, name, len) == 0) {
            f->kind = named[i].kind;
            return 0;
        }
    if (len == 0 || len >= sizeof f->prop)
        return -1;
    for (size_t i = 0; i < len; i++)
        if (name[i] < 'A' || name[i] > 'Z')
            return -1;
    f->kind = F_PROP;
    memcpy(f->prop, name, len);
    return 0;
}

const char *stat_result_key(const sgf_info *in)
{
    static const char *const reason[2][6] = {
        { "B+", "B+points", "B+R", "B+T", "B+F", "B+other" },
        { "W+", "W+points", "W+R", "W+T", "W+F", "W+other" }
    };
    switch (in->result.winner) {
    case SGF_WIN_BLACK:
    case SGF_WIN_WHITE:
        return reason[in->result.winner == SGF_WIN_WHITE]
                     [in->result.reason <= SGF_BY_OTHER ? in->result.reason
                                                        : SGF_BY_OTHER];
    case SGF_WIN_DRAW: return "draw";
    case SGF_WIN_VOID: return "void";
    case SGF_WIN_UNKNOWN: return "unknown";
    default: return "none";
    }
}

/* A property of the game info: the nodes of the main line up to the
 * first move (the root, and a game-info node of its own when there is
 * one). */
static const char *prop_value(sgf_game *g, const char *id)
{
    int kind = sgf_prop_lookup(id, strlen(id));
    for (const sgf_node *n = sgf_game_root(g); n; n = n->child) {
        int move = 0;
        for (const sgf_prop *p = n->props; p; p = p->next) {
            if (p->kind == SGF_P_B || p->kind == SGF_P_W)
                move = 1;
            int same = kind != SGF_P_UNKNOWN ? p->kind == kind
                       : strcmp(p->id, id) == 0;
            if (same && p->nvalues)
                return sgf_value_text(g, p, 0, NULL);
        }
        if (move)
            break;
    }
    return NULL;
}

const char *stat_field_value(sgf_game *g, const sgf_game_sig *sig,
                             const struct stat_field *f, int which,
                             char *tmp, size_t n)
{
    const sgf_info *in = sgf_game_info(g);
    switch (f->kind) {
    case F_PROP:
        return prop_value(g, f->prop);
    case F_MOVES:
        snprintf(tmp, n, "%u", sig->moves);
        return tmp;
    case F_PASSES:
        snprintf(tmp, n, "%u", sig->passes);
        return tmp;
    case F_YEAR:
        if (in->date.year <= 0)
            return NULL;
        snprintf(tmp, n, "%04d", in->date.year);
        return tmp;
    case F_SIZE:
        snprintf(tmp, n, "%dx%d", in->width, in->height);
        return tmp;
    case F_RULES: {
        sgf_rules r;
        if (!in->rules)
            return NULL;
        if (sgf_rules_parse(in->rules, &r) < 0)
            return "other";
        snprintf(tmp, n, "%s", r.name);
        return tmp;
    }
    case F_KOMI:
        if (!in->has_komi && !in->komi_set_aside)
            return NULL;
        snprintf(tmp, n, "%g", in->has_komi ? in->komi : 0);
        return tmp;
    case F_HANDICAP:
        snprintf(tmp, n, "%d", in->handicap > 0 ? in->handicap : 0);
        return tmp;
    case F_RESULT:
        return in->result_text;
    case F_WINNER: {
        const char *k = stat_result_key(in);
        if (k[1] == '+') {
            snprintf(tmp, n, "%c", k[0]);
            return tmp;
        }
        return k;
    }
    case F_ERRORS:
        snprintf(tmp, n, "%zu", sgf_game_count(g, SGF_ERROR));
        return tmp;
    case F_WARNINGS:
        snprintf(tmp, n, "%zu", sgf_game_count(g, SGF_WARNING));
        return tmp;
    case F_ORIGIN:
        return sgf_game_origin(g);
    case F_GAME:
        snprintf(tmp, n, "%u", sgf_game_index(g));
        return tmp;
    case F_PLAYER:
        return which ? in->white : in->black;
    case F_CHARSET:
        return in->charset;
    case F_APPLICATION:
        return in->application;
    }
    return NULL;
}

/* ---- --where ---- */

static int to_number(const char *s, double *v)
{
    char *end;
    if (!*s)
        return 0;
    *v = strtod(s, &end);
    return *end == '\0';
}

int stat_where_parse(struct cli *cli, const char *arg, struct stat_where *w)
{
    static const struct { const char *text; enum stat_op op; } ops[] = {
        { "!~", OP_NOMATCH }, { "<=", OP_LE }, { ">=", OP_GE },
        { "!=", OP_NE }, { "~", OP_MATCH }, { "=", OP_EQ }, { "<", OP_LT },
        { ">", OP_GT },
    };
    memset(w, 0, sizeof *w);
    size_t len = strcspn(arg, "!~=<>");
    if (!arg[len])
        return cli_usage_error(cli, "--where '%s': no operator (~ !~ = != "
                               "< <= > >=)", arg);
    size_t name_len = len;
    while (name_len && arg[name_len - 1] == ' ')
        name_len--;
    if (stat_field_parse(arg, name_len, &w->field) < 0)
        return cli_usage_error(cli, "--where '%s': unknown field '%.*s' (a "
                               "property id such as PB, or moves, year, "
                               "size, rules, komi, handicap, result, winner, "
                               "player...)", arg, (int)name_len, arg);
    size_t i;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strncmp(arg + len, ops[i].text, strlen(ops[i].text)) == 0)
            break;
    if (i == sizeof ops / sizeof ops[0])
        return cli_usage_error(cli, "--where '%s': unknown operator", arg);
    w->op = ops[i].op;
    w->value = arg + len + strlen(ops[i].text);
    w->is_number = to_number(w->value, &w->number);
    if (w->op == OP_MATCH || w->op == OP_NOMATCH) {
        int code;
        PCRE2_SIZE offset;
        pcre2_code *re = pcre2_compile((PCRE2_SPTR)w->value,
                                       PCRE2_ZERO_TERMINATED,
                                       PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
                                       &code, &offset, NULL);
        if (!re) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(code, msg, sizeof msg);
            return cli_usage_error(cli, "--where '%s': regular expression "
                                   "error at offset %zu: %s", arg,
                                   (size_t)offset, (const char *)msg);
        }
        /* JIT where the platform has it; matching works without */
        pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
        w->re = re;
    } else if (w->op != OP_EQ && w->op != OP_NE && !w->is_number) {
        return cli_usage_error(cli, "--where '%s': %s needs a number", arg,
                               ops[i].text);
    }
    return 0;
}

void stat_where_free(struct stat_where *w)
{
    pcre2_code_free(w->re);
    w->re = NULL;
}

static int test(const struct stat_where *w, const char *v, void *md)
{
    if (w->op == OP_MATCH || w->op == OP_NOMATCH) {
        int rc = v ? pcre2_match(w->re, (PCRE2_SPTR)v, strlen(v), 0, 0, md,
                                 NULL) : -1;
        return (rc >= 0) == (w->op == OP_MATCH);
    }
    if (!v)
        return w->op == OP_NE;
    double x;
    int c;
    if (w->is_number && to_number(v, &x))
        c = (x > w->number) - (x < w->number);
    else if (w->op == OP_EQ || w->op == OP_NE)
        c = strcmp(v, w->value) != 0;
    else
        return 0;
    switch (w->op) {
    case OP_EQ: return c == 0;
    case OP_NE: return c != 0;
    case OP_LT: return c < 0;
    case OP_LE: return c <= 0;
    case OP_GT: return c > 0;
    default: return c >= 0;
    }
}

int stat_where_match(const struct stat_where *w, sgf_game *g,
                     const sgf_game_sig *sig, void *md)
{
    char tmp[64];
    int players = w->field.kind == F_PLAYER ? 2 : 1;
    /* player: either side; "!~" and "!=" then mean neither side */
    int negative = w->op == OP_NOMATCH || w->op == OP_NE;
    for (int k = 0; k < players; k++) {
        int ok = test(w, stat_field_value(g, sig, &w->field, k, tmp,
                                          sizeof tmp), md);
        if (negative ? !ok : ok)
            return !negative;
    }
    return negative;
}
