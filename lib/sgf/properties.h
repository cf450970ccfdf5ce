/*
 * properties.h - property lookup (properties.c).  Never installed.
 */
#ifndef SGFKIT_SGF_PROPERTIES_H
#define SGFKIT_SGF_PROPERTIES_H

#include "sgfkit.h"

/* Ids of one or two uppercase letters map to a slot of a direct index:
 * first letter * 27 + (second letter + 1, or 0). */
enum { PROP_INDEX_SIZE = 26 * 27 };
static inline unsigned prop_index_key(const char *id, size_t len)
{
    return (unsigned)(id[0] - 'A') * 27u +
           (len > 1 ? (unsigned)(id[1] - 'A') + 1u : 0u);
}
void prop_index_build(unsigned char index[PROP_INDEX_SIZE]);
/* The catalogue itself, for inline access in hot loops. */
extern const sgf_prop_info sgf_prop_table_[SGF_P_COUNT];

#endif /* SGFKIT_SGF_PROPERTIES_H */
