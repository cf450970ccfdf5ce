/*
 * sourcemap.c - positions in an XML or JSON input for offsets in the SGF
 * made from it, so that the diagnostics of that SGF name the line and
 * column of the file the user gave (doc/xml.md, doc/json.md); and which
 * inputs are such documents by their names.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/grow.h"
#include "sgf/game.h"
#include "sgf/sourcemap.h"

typedef struct mark {
    uint64_t offset;
    unsigned long line, column;
} mark;

struct sgf_source_map {
    mark *m;
    size_t n, cap;
};

sgf_source_map *sgf_source_map_new(void)
{
    return calloc(1, sizeof(sgf_source_map));
}

void sgf_source_map_free(sgf_source_map *map)
{
    if (map) {
        free(map->m);
        free(map);
    }
}

int sourcemap_add(sgf_source_map *map, uint64_t offset, unsigned long line,
                  unsigned long column)
{
    if (!map)
        return SGF_OK;
    if (map->n && map->m[map->n - 1].offset == offset) {
        map->m[map->n - 1] = (mark){ offset, line, column };
        return SGF_OK;
    }
    if (map->n && map->m[map->n - 1].offset > offset)
        return SGF_OK;      /* out of order: the earlier mark stands */
    if (map->n == map->cap) {
        mark *m = grow(map->m, &map->cap, map->n + 1, sizeof *m);
        if (!m)
            return SGF_E_NOMEM;
        map->m = m;
    }
    map->m[map->n++] = (mark){ offset, line, column };
    return SGF_OK;
}

/* The last mark at or before offset, or NULL. */
static const mark *mark_for(const sgf_source_map *map, uint64_t offset)
{
    size_t lo = 0, hi = map->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (map->m[mid].offset <= offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &map->m[lo - 1] : NULL;
}

bool sourcemap_find(const sgf_source_map *map, uint64_t offset,
                    unsigned long *line, unsigned long *column)
{
    const mark *k = map ? mark_for(map, offset) : NULL;
    if (!k)
        return false;
    *line = k->line;
    *column = k->column;
    return true;
}

void sourcemap_clear(sgf_source_map *map)
{
    if (map)
        map->n = 0;
}

void sgf_game_remap(sgf_game *g, const sgf_source_map *map)
{
    if (!g || !map || !map->n)
        return;
    for (size_t i = 0; i < g->ndiags; i++) {
        const mark *k = mark_for(map, g->diags[i].offset);
        if (k) {
            g->diags[i].line = k->line;
            g->diags[i].column = k->column;
        }
    }
}

static bool ends_with(const char *s, const char *ext)
{
    size_t n = strlen(s), e = strlen(ext);
    return n > e && strcasecmp(s + n - e, ext) == 0;
}

sgf_document_kind sgf_document_of_name(const char *name)
{
    static const char *const xml[] = { ".xml", ".xml.gz" };
    static const char *const json[] = { ".json", ".jsonl", ".ndjson",
                                        ".json.gz", ".jsonl.gz" };
    if (!name)
        return SGF_DOCUMENT_SGF;
    for (size_t i = 0; i < sizeof xml / sizeof xml[0]; i++)
        if (ends_with(name, xml[i]))
            return SGF_DOCUMENT_XML;
    for (size_t i = 0; i < sizeof json / sizeof json[0]; i++)
        if (ends_with(name, json[i]))
            return SGF_DOCUMENT_JSON;
    return SGF_DOCUMENT_SGF;
}
