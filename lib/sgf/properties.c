/*
 * properties.c - lookup in the property catalogue (sgfkit_props.h), and
 * of a property in a node.
 * The parser looks up every identifier it reads; it uses the direct index
 * that prop_index_build() fills in each game object (no global state, one
 * load per lookup).  sgf_prop_lookup() is the plain public form.
 */
#include <string.h>
#include "sgf/properties.h"

const sgf_prop_info sgf_prop_table_[SGF_P_COUNT] = {
#define SGF_PROP_INFO_(id, type, list, cls, name) \
    { #id, SGF_T_##type, SGF_L_##list, SGF_CL_##cls, name },
    SGF_PROPERTY_LIST(SGF_PROP_INFO_)
#undef SGF_PROP_INFO_
};

int sgf_prop_lookup(const char *id, size_t len)
{
    for (int k = 0; k < SGF_P_COUNT; k++)
        if (strlen(sgf_prop_table_[k].id) == len &&
            memcmp(sgf_prop_table_[k].id, id, len) == 0)
            return k;
    return SGF_P_UNKNOWN;
}

const sgf_prop_info *sgf_prop_info_get(int kind)
{
    return kind >= 0 && kind < SGF_P_COUNT ? &sgf_prop_table_[kind] : NULL;
}

void prop_index_build(unsigned char index[PROP_INDEX_SIZE])
{
    memset(index, SGF_P_UNKNOWN, PROP_INDEX_SIZE);
    for (int k = 0; k < SGF_P_COUNT; k++) {
        const char *id = sgf_prop_table_[k].id;
        index[prop_index_key(id, strlen(id))] = (unsigned char)k;
    }
}

const sgf_prop *sgf_node_find(const sgf_node *n, int kind)
{
    for (const sgf_prop *p = n->props; p; p = p->next)
        if (p->kind == kind)
            return p;
    return NULL;
}
