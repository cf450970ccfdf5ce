/*
 * sourcemap.h - where the SGF made from an XML or JSON input came from
 * (sourcemap.c): what sgf_xml_to_sgf_mapped and sgf_json_to_sgf_mapped
 * record, and sgf_game_remap reads.  Never installed.
 */
#ifndef SGFKIT_SGF_SOURCEMAP_H
#define SGFKIT_SGF_SOURCEMAP_H

#include <stdbool.h>
#include <stdint.h>
#include "sgfkit.h"

/* The SGF written from offset on came from line, column of the input.
 * Offsets must not decrease from one call to the next.  0 or
 * SGF_E_NOMEM. */
int sourcemap_add(sgf_source_map *map, uint64_t offset, unsigned long line,
                  unsigned long column);

/* The line and column offset came from (the last mark at or before it);
 * false when there is none. */
bool sourcemap_find(const sgf_source_map *map, uint64_t offset,
                    unsigned long *line, unsigned long *column);
/* Forgets every mark (the map is reused for another piece of SGF). */
void sourcemap_clear(sgf_source_map *map);

#endif /* SGFKIT_SGF_SOURCEMAP_H */
