/*
 * walk.c - directories walked in sorted order, so that every run reads
 * the same inputs in the same order; hidden names, special files and
 * link loops are skipped and said.  See doc/inputs.md.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "common/grow.h"
#include "input/iterator.h"
#include "input/policy.h"
#include "input/report.h"
#include "input/walk.h"
#include "sgfkit.h"

static int cmp_entry(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a + 1, *(const char *const *)b + 1);
}

static char entry_type(const struct dirent *d)
{
#ifdef DT_UNKNOWN
    if (d->d_type == DT_DIR)
        return 'd';
    if (d->d_type == DT_REG)
        return 'f';
    if (d->d_type == DT_LNK || d->d_type == DT_UNKNOWN)
        return '?';
    return 's';             /* fifos, sockets, devices: never records */
#else
    (void)d;
    return '?';
#endif
}

/* Adds the files of a directory just listed to the totals, and counts its
 * subdirectories as unlisted: one fstatat per entry, as walk_take's stat
 * would decide it. */
static void size_entries(sgf_inputs *in, const struct dir_frame *f, int dfd)
{
    for (size_t off = 0; off < f->names_len;
         off += strlen(f->names + off + 1) + 2) {
        const char *name = f->names + off + 1;
        struct stat st;
        if (name[0] == '.')
            continue;       /* hidden: walk_take skips it */
        if (f->names[off] == 'd') {
            in->dirs_unlisted++;
            continue;
        }
        if (fstatat(dfd, name, &st, 0) != 0)
            continue;       /* walk_take reports it */
        if (S_ISDIR(st.st_mode)) {
            in->dirs_unlisted++;
        } else if (S_ISREG(st.st_mode) && walk_name(name) != WN_SKIP) {
            in->bytes_total += (uint64_t)st.st_size;
            in->files_total++;
        }
    }
}

/* Lists and sorts d (closed here) as a new frame, every entry but "."
 * and "..": what is not read is said in walk order (walk_next).  path is
 * in in->path, path_len long.  false when no frame was pushed. */
static bool push_dir(sgf_inputs *in, DIR *d, size_t path_len, dev_t dev,
                     ino_t ino)
{
    struct dir_frame *f;
    struct dirent *de;
    size_t count = 0;
    const char **ents;

    for (size_t i = 0; i < in->depth; i++) {
        if (in->frames[i].dev == dev && in->frames[i].ino == ino) {
            /* a symbolic link back up: everything below is read already */
            inputs_skip(in, in->path, SGF_SKIP_LINK_LOOP,
                        "a symbolic link to a folder the walk is already in");
            closedir(d);
            return false;
        }
    }
    if (in->depth == in->nframes) {
        /* frames are kept with their buffers for the next directory */
        size_t cap = in->nframes;
        struct dir_frame *q = grow(in->frames, &cap, in->depth + 1, sizeof *q);
        if (!q) {
            inputs_fail(in, in->path,
                        "cannot read directory '%s': out of memory", in->path);
            closedir(d);
            return false;
        }
        memset(q + in->nframes, 0, (cap - in->nframes) * sizeof *q);
        in->frames = q;
        in->nframes = cap;
    }
    f = &in->frames[in->depth];
    f->names_len = 0;
    f->n = f->next = 0;
    f->path_len = path_len;
    f->dev = dev;
    f->ino = ino;

    for (;;) {
        size_t len;
        char t, *q;
        errno = 0;
        de = readdir(d);
        if (!de)
            break;
        if (de->d_name[0] == '.' && (de->d_name[1] == '\0'
            || (de->d_name[1] == '.' && de->d_name[2] == '\0')))
            continue;
        t = entry_type(de);
        len = strlen(de->d_name);
        q = grow(f->names, &f->names_cap, f->names_len + len + 2, 1);
        if (!q) {
            inputs_fail(in, in->path,
                        "cannot read directory '%s': out of memory", in->path);
            closedir(d);
            return false;
        }
        f->names = q;
        f->names[f->names_len] = t;
        memcpy(f->names + f->names_len + 1, de->d_name, len + 1);
        f->names_len += len + 2;
        count++;
    }
    if (errno) {
        inputs_fail(in, in->path, "cannot read directory '%s': %s", in->path,
                    strerror(errno));
        closedir(d);
        return false;
    }
    if (in->track)
        size_entries(in, f, dirfd(d));
    closedir(d);
    ents = grow(f->ents, &f->cap, count ? count : 1, sizeof *f->ents);
    if (!ents) {
        inputs_fail(in, in->path, "cannot read directory '%s': out of memory",
                    in->path);
        return false;
    }
    f->ents = ents;
    for (size_t off = 0; off < f->names_len;
         off += strlen(f->names + off + 1) + 2)
        f->ents[f->n++] = f->names + off;
    qsort(f->ents, f->n, sizeof *f->ents, cmp_entry);
    in->depth++;
    return true;
}

void walk_start_dir(sgf_inputs *in, int fd, const char *path)
{
    struct stat st;
    DIR *d;
    size_t len = strlen(path);
    char *q;

    if (in->dirs_unlisted)
        in->dirs_unlisted--;
    if (fstat(fd, &st) != 0) {
        inputs_fail(in, path, "cannot stat '%s': %s", path, strerror(errno));
        close(fd);
        return;
    }
    q = grow(in->path, &in->path_cap, len + 1, 1);
    if (!q) {
        inputs_fail(in, path, "cannot read directory '%s': out of memory",
                    path);
        close(fd);
        return;
    }
    in->path = q;
    memcpy(in->path, path, len + 1);
    d = fdopendir(fd);
    if (!d) {
        inputs_fail(in, path, "cannot open directory '%s': %s", path,
                    strerror(errno));
        close(fd);
        return;
    }
    if (push_dir(in, d, len, st.st_dev, st.st_ino) &&
        in->frames[in->depth - 1].n == 0) {
        inputs_skip(in, path, SGF_SKIP_EMPTY, "the folder holds no file");
        in->depth--;
    }
}

static void open_subdir(sgf_inputs *in)
{
    struct stat st;
    DIR *d = opendir(in->path);
    if (!d) {
        inputs_fail(in, in->path, "cannot open directory '%s': %s", in->path,
                    strerror(errno));
        return;
    }
    if (fstat(dirfd(d), &st) != 0) {
        inputs_fail(in, in->path, "cannot stat '%s': %s", in->path,
                    strerror(errno));
        closedir(d);
        return;
    }
    push_dir(in, d, strlen(in->path), st.st_dev, st.st_ino);
}

int walk_take(sgf_inputs *in)
{
    struct dir_frame *f = &in->frames[in->depth - 1];
    const char *ent, *name;
    size_t plen, nlen;
    char t, *q;

    if (f->next == f->n) {
        in->depth--;
        return 0;
    }
    ent = f->ents[f->next++];
    t = ent[0];
    name = ent + 1;
    nlen = strlen(name);
    plen = f->path_len;
    q = grow(in->path, &in->path_cap, plen + nlen + 2, 1);
    if (!q) {
        in->path[plen] = '\0';
        inputs_fail(in, in->path, "cannot read directory '%s': out of memory",
                    in->path);
        return 0;
    }
    in->path = q;
    if (plen > 0 && in->path[plen - 1] != '/')
        in->path[plen++] = '/';
    memcpy(in->path + plen, name, nlen + 1);

    if (name[0] == '.') {
        inputs_skip(in, in->path, SGF_SKIP_HIDDEN, t == 'd'
                    ? "a folder whose name starts with '.': not walked"
                    : "a name that starts with '.'");
        return 0;
    }
    enum walk_name wn = walk_name(name);
    if (t == '?') {
        struct stat st;
        if (stat(in->path, &st) != 0) {
            if (wn == WN_READ)
                inputs_fail(in, in->path, "cannot stat '%s': %s", in->path,
                            strerror(errno));
            else
                inputs_skip(in, in->path, SGF_SKIP_SPECIAL,
                            "a symbolic link that leads nowhere: %s",
                            strerror(errno));
            return 0;
        }
        t = S_ISDIR(st.st_mode) ? 'd' : S_ISREG(st.st_mode) ? 'f' : 's';
    }
    if (t == 'd') {
        if (in->dirs_unlisted)
            in->dirs_unlisted--;
        open_subdir(in);
        return 0;
    }
    if (t == 's') {
        inputs_skip(in, in->path, SGF_SKIP_SPECIAL,
                    "a FIFO, socket or device");
        return 0;
    }
    if (wn == WN_SKIP) {
        skip_by_name(in, in->path, name);
        return 0;
    }
    return wn == WN_SNIFF ? 2 : 1;
}
