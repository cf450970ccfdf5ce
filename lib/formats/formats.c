/*
 * formats.c - the one table of record formats: the names each goes by,
 * how its first bytes are told apart, and its converter to SGF.  A new
 * format is a line here and a file like gib.c (doc/foreign.md, "Adding a
 * format").  The directory walk and archive members (input/policy.c) take
 * the names from here; the reader (sgf/reader.c) the names, the sniffers
 * and the converters.
 */
#include <string.h>
#include "common/textscan.h"
#include "formats/formats.h"
#include "formats/gib.h"
#include "formats/ngf.h"
#include "formats/ugf.h"

typedef struct format_info {
    const char *name;             /* what messages call it */
    const char *suffixes[3];      /* names the walk reads, NULL-ended */
    bool (*sniff)(const char *head, size_t n);
    bool (*convert)(conv *c);     /* NULL: SGF itself */
} format_info;

static bool sgf_sniff(const char *head, size_t n);

static const format_info formats[SGF_FORMAT_COUNT] = {
    [SGF_FORMAT_SGF] = { "SGF", { ".sgf", ".sgfs", NULL }, sgf_sniff, NULL },
    [SGF_FORMAT_GIB] = { "Tygem GIB", { ".gib", NULL }, gib_sniff,
                         gib_convert },
    [SGF_FORMAT_NGF] = { "WBaduk NGF", { ".ngf", NULL }, ngf_sniff,
                         ngf_convert },
    [SGF_FORMAT_UGF] = { "PandaNet UGF", { ".ugf", ".ugi", NULL }, ugf_sniff,
                         ugf_convert },
};

/* The foreign formats are sniffed first: each has a fixed opening, where
 * SGF may follow any text. */
static const int sniff_order[] = {
    SGF_FORMAT_GIB, SGF_FORMAT_UGF, SGF_FORMAT_NGF, SGF_FORMAT_SGF
};


int format_of_name(const char *name)
{
    if (!name)
        return -1;
    size_t len = strlen(name);
    if (ends_with_ci(name, len, ".gz"))
        len -= 3;
    for (int f = 0; f < SGF_FORMAT_COUNT; f++)
        for (const char *const *s = formats[f].suffixes; *s; s++)
            if (ends_with_ci(name, len, *s))
                return f;
    return -1;
}

bool format_name_says_something(const char *name)
{
    if (!name)
        return false;
    const char *base = name;
    for (const char *p = name; *p; p++)
        if (*p == '/' || *p == ':')
            base = p + 1;
    const char *dot = strrchr(base, '.');
    return dot && dot != base && dot[1] != '\0';
}

int format_sniff(const char *head, size_t n)
{
    for (size_t i = 0; i < sizeof sniff_order / sizeof *sniff_order; i++)
        if (formats[sniff_order[i]].sniff(head, n))
            return sniff_order[i];
    return -1;
}

bool format_convert(int f, conv *c)
{
    if (f <= SGF_FORMAT_SGF || f >= SGF_FORMAT_COUNT || !formats[f].convert)
        return false;
    return formats[f].convert(c) && !c->nomem;
}

const char *sgf_format_name(int format)
{
    return format >= 0 && format < SGF_FORMAT_COUNT ? formats[format].name
                                                     : NULL;
}

int sgf_format_of_name(const char *name)
{
    return format_of_name(name);
}

/* SGF: a game tree's "(" first (after byte order marks and white space,
 * in UTF-8 or UTF-16), or "(;" somewhere in the head (records with text
 * before the game, which the parser skips and reports). */
static bool sgf_sniff(const char *head, size_t n)
{
    const unsigned char *p = (const unsigned char *)head;
    size_t i = 0;
    if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
        i = 3;
    else if (n >= 2 && ((p[0] == 0xFF && p[1] == 0xFE) ||
                        (p[0] == 0xFE && p[1] == 0xFF)))
        i = 2;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
                     p[i] == '\n' || p[i] == 0))
        i++;
    if (i < n && p[i] == '(')
        return true;
    for (size_t k = 0; k + 1 < n; k++) {
        if (p[k] == '(' && (p[k + 1] == ';' ||
                            (p[k + 1] == 0 && k + 2 < n && p[k + 2] == ';')))
            return true;
    }
    return false;
}
