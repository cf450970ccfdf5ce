/*
 * policy.c - which names the input iterator reads: a record's suffix (the
 * formats' table) or an archive's; a name without a suffix is decided by
 * its first bytes.  See doc/inputs.md.
 */
#include <stdbool.h>
#include <string.h>

#include "common/textscan.h"
#include "formats/formats.h"
#include "input/iterator.h"
#include "input/policy.h"
#include "input/report.h"
#include "sgfkit.h"

static bool any_suffix(const char *name, const char *const *list)
{
    size_t len = strlen(name);
    for (; *list; list++)
        if (ends_with_ci(name, len, *list))
            return true;
    return false;
}

/* Archives a walk reads (records' names are the formats' table). */
static const char *const archive_suffixes[] = {
    ".zip", ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz",
    ".txz", ".7z", NULL
};

/* Of walked names, the ones whose bytes on disk are compressed. */
static const char *const packed_suffixes[] = {
    ".gz", ".tgz", ".bz2", ".tbz2", ".xz", ".txz", ".zip", ".7z", NULL
};

bool is_archive_name(const char *name)
{
    return any_suffix(name, archive_suffixes);
}

enum walk_name walk_name(const char *name)
{
    if (format_of_name(name) >= 0 || is_archive_name(name))
        return WN_READ;
    /* a name without a suffix says nothing: the first bytes decide */
    return format_name_says_something(name) ? WN_SKIP : WN_SNIFF;
}

unsigned sgf_inputs_name_flags(const char *name)
{
    const char *base = name ? strrchr(name, '/') : NULL;
    base = base ? base + 1 : name;
    if (!name || base[0] == '.' ||
        !(format_of_name(name) >= 0 || is_archive_name(name)))
        return 0;
    return SGF_NAME_WALKED |
           (any_suffix(name, packed_suffixes) ? SGF_NAME_PACKED : 0);
}

void skip_by_name(sgf_inputs *in, const char *origin, const char *name)
{
    if (is_archive_name(name))
        inputs_skip(in, origin, SGF_SKIP_NOT_RECORD,
                    "an archive inside an archive is not read");
    else
        inputs_skip(in, origin, SGF_SKIP_NOT_RECORD, "by its name");
}

const char *not_record_head(size_t len)
{
    return len ? "its name has no suffix, and its first bytes are no "
                 "record's"
               : "an empty file whose name has no suffix";
}

bool hidden_member(const char *name)
{
    for (const char *p = name; *p;) {
        if (p[0] == '.' && p[1] != '/' && p[1] != '\0' &&
            !(p[1] == '.' && (p[2] == '/' || p[2] == '\0')))
            return true;
        if (strncmp(p, "__MACOSX", 8) == 0 && (p[8] == '/' || p[8] == '\0'))
            return true;
        const char *slash = strchr(p, '/');
        if (!slash)
            break;
        p = slash + 1;
    }
    return false;
}
