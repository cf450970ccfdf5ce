/*
 * checks.c - the catalogue of diagnostics (checks.def), the version and the
 * error strings: the constant facts the tools print.
 */
#include <string.h>
#include "sgfkit.h"
#include "sgf/checks.h"

static const sgf_check_info check_table[] = {
#define CHECK(name, id, sev, summary) { id, SGF_##sev, summary },
#include "sgf/checks.def"
#undef CHECK
};

_Static_assert(sizeof check_table / sizeof check_table[0] == SGF_C_COUNT,
               "check table and enum agree");

const char *sgf_version(void)
{
    return PACKAGE_VERSION;
}

const char *sgf_strerror(int code)
{
    switch (code) {
    case SGF_OK: return "success";
    case SGF_E_NOMEM: return "out of memory";
    case SGF_E_IO: return "input/output error";
    case SGF_E_FORMAT: return "unreadable container format";
    case SGF_E_ARG: return "invalid argument";
    default: return "unknown error";
    }
}

size_t sgf_check_count(void)
{
    return SGF_C_COUNT;
}

const sgf_check_info *sgf_check_get(size_t n)
{
    return n < SGF_C_COUNT ? &check_table[n] : NULL;
}

int sgf_check_find(const char *id)
{
    for (size_t i = 0; i < SGF_C_COUNT; i++)
        if (strcmp(check_table[i].id, id) == 0)
            return (int)i;
    return -1;
}

const char *sgf_severity_name(sgf_severity s)
{
    switch (s) {
    case SGF_NOTE: return "note";
    case SGF_WARNING: return "warning";
    default: return "error";
    }
}
