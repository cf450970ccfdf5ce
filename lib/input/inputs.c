/*
 * inputs.c - the input iterator: paths become members.  Plain files
 * (file.c), directories walked in sorted order (walk.c), standard input,
 * gzip streams and archive members (archive.c), one member at a time, with
 * the progress made so far.  See doc/inputs.md.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <archive.h>
#include <zlib.h>

#include "input/archive.h"
#include "input/file.h"
#include "input/inputs.h"
#include "input/iterator.h"
#include "input/member_names.h"
#include "input/report.h"
#include "input/source.h"
#include "input/walk.h"
#include "sgfkit.h"

static const char STDIN_ORIGIN[] = "<stdin>";

sgf_inputs *sgf_inputs_new(const char *const *paths, size_t n,
                           sgf_input_error_fn on_error, void *ctx)
{
    sgf_inputs *in;
    if (n && !paths)
        return NULL;
    in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    in->peek = malloc(PEEK_SIZE);
    if (!in->peek) {
        free(in);
        return NULL;
    }
    in->paths = paths;
    in->npaths = n;
    in->stdin_default = n == 0;
    in->on_error = on_error;
    in->ctx = ctx;
    in->fd = -1;
    in->m.fd = -1;
    in->given_fd = -1;
    return in;
}

sgf_inputs *sgf_inputs_from_fd(int fd, int own, const char *origin,
                               sgf_input_error_fn on_error, void *ctx)
{
    sgf_inputs *in;
    size_t len = strlen(origin ? origin : "");
    if (fd < 0)
        return NULL;
    in = sgf_inputs_new(NULL, 0, on_error, ctx);
    if (!in)
        return NULL;
    in->stdin_default = false;
    in->given_origin = malloc(len + 1);
    if (!in->given_origin) {
        free(in->peek);
        free(in);
        return NULL;
    }
    memcpy(in->given_origin, origin ? origin : "", len + 1);
    in->given_fd = fd;
    in->given_own = own != 0;
    return in;
}

/* The next named input (a path, "-", or the descriptor of
 * sgf_inputs_from_fd as its origin): 1 and *p set, 0 when none is left. */
static int next_named(sgf_inputs *in, const char **p)
{
    if (in->next_path < in->npaths) {
        *p = in->paths[in->next_path++];
    } else if (in->stdin_default && !in->stdin_done) {
        in->stdin_done = true;
        *p = "-";
    } else if (in->given_fd >= 0 && !in->given_done) {
        in->given_done = true;
        *p = in->given_origin;
    } else {
        return 0;
    }
    return 1;
}

/* The previous member is done with: close its file.  Archive members need
 * nothing: the next header skips what was not read. */
static void finish_member(sgf_inputs *in)
{
    if (in->m.kind == MK_FD)
        source_close(in);
    in->m.kind = MK_NONE;
}

/* walk_take, the file opened: 1 when a member is ready. */
static int walk_next(sgf_inputs *in)
{
    int take = walk_take(in);
    return take && file_open_path(in, in->path, take == 2);
}

int sgf_inputs_next(sgf_inputs *in, sgf_member **out)
{
    if (!in || !out)
        return 0;
    finish_member(in);
    for (;;) {
        const char *p;
        if (in->ar) {
            if (container_next(in))
                break;
            continue;
        }
        if (in->depth) {
            if (walk_next(in))
                break;
            continue;
        }
        bool given = in->given_done;
        if (!next_named(in, &p))
            return 0;
        if (!given && in->given_done) {
            /* read where the caller left it, never walked as a directory,
             * closed by sgf_inputs_free when it is ours */
            if (file_start(in, in->given_fd, false, in->given_origin, false))
                break;
        } else if (p && strcmp(p, "-") == 0) {
            if (file_start(in, STDIN_FILENO, false, STDIN_ORIGIN, false))
                break;
        } else if (!p) {
            inputs_fail(in, "", "cannot open '': %s", strerror(EINVAL));
        } else if (file_open_path(in, p, false)) {
            break;
        }
    }
    in->m.counts_in = in;
    *out = &in->m;
    return 1;
}

int sgf_inputs_next_file(sgf_inputs *in, const char **path)
{
    if (!in || !path)
        return 0;
    for (;;) {
        const char *p;
        struct stat st;
        if (in->depth) {
            int take = walk_take(in);
            if (take == 1 ||
                (take == 2 && file_head_says_record(in, in->path))) {
                *path = in->path;
                return 1;
            }
            continue;
        }
        bool given = in->given_done;
        if (!next_named(in, &p))
            return 0;
        if (!p) {
            inputs_fail(in, "", "cannot open '': %s", strerror(EINVAL));
            continue;
        }
        /* a directory is walked here; anything else is read later, where
         * its failures are reported */
        if (given == in->given_done && strcmp(p, "-") != 0 &&
            stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            int fd = open(p, SOURCE_OPEN_FLAGS);
            if (fd < 0)
                inputs_fail(in, p, "cannot open '%s': %s", p, strerror(errno));
            else
                walk_start_dir(in, fd, p);
            continue;
        }
        *path = p;
        return 1;
    }
}

int sgf_inputs_track_progress(sgf_inputs *in)
{
    if (!in || in->track || in->next_path || in->stdin_done || in->given_done)
        return SGF_E_ARG;
    in->track = true;
    if (in->stdin_default)
        in->size_open = true;
    for (size_t i = 0; i < in->npaths; i++) {
        const char *p = in->paths[i];
        struct stat st;
        if (p && strcmp(p, "-") == 0) {
            in->size_open = true;
            continue;
        }
        if (!p || stat(p, &st) != 0)
            continue;       /* sgf_inputs_next reports it */
        if (!(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) {
            in->size_open = true;   /* a pipe or a device */
        } else if (S_ISDIR(st.st_mode)) {
            in->dirs_unlisted++;
        } else {
            in->bytes_total += (uint64_t)st.st_size;
            in->files_total++;
        }
    }
    if (in->given_fd >= 0) {
        struct stat st;
        off_t at = lseek(in->given_fd, 0, SEEK_CUR);
        if (fstat(in->given_fd, &st) == 0 && S_ISREG(st.st_mode) && at >= 0
            && at <= st.st_size) {
            in->bytes_total += (uint64_t)(st.st_size - at);
            in->files_total++;
        } else {
            in->size_open = true;
        }
    }
    return 0;
}

void sgf_inputs_get_progress(const sgf_inputs *in, sgf_inputs_progress *out)
{
    memset(out, 0, sizeof *out);
    if (!in)
        return;
    uint64_t cur = in->cur_read;
    if (in->file_open && in->cur_sized && cur > in->cur_size)
        cur = in->cur_size;  /* a zip read at its end first, then again */
    out->bytes_done = in->bytes_done + (in->file_open ? cur : 0);
    out->files_done = in->files_done;
    out->games_done = in->games_done;
    out->bytes_total = in->bytes_total;
    out->files_total = in->files_total;
    out->total_final = in->track && !in->size_open && in->dirs_unlisted == 0;
    out->size_unknown = in->size_open;
    if (in->file_open && in->cur_sized && in->cur_size > 0)
        out->file_fraction = (double)cur / (double)in->cur_size;
}

size_t sgf_inputs_failures(const sgf_inputs *in)
{
    return in ? in->failures : 0;
}

void sgf_inputs_on_skip(sgf_inputs *in, sgf_input_skip_fn fn, void *ctx)
{
    if (!in)
        return;
    in->on_skip = fn;
    in->skip_ctx = ctx;
}

size_t sgf_inputs_skipped(const sgf_inputs *in, int why)
{
    size_t n = 0;
    if (!in || why >= SGF_SKIP_REASONS)
        return 0;
    for (int k = 0; k < SGF_SKIP_REASONS; k++)
        if (why < 0 || k == why)
            n += in->skipped[k];
    return n;
}

void inputs_count_game(sgf_member *m)
{
    if (m && m->counts_in)
        m->counts_in->games_done++;
}

void sgf_inputs_free(sgf_inputs *in)
{
    if (!in)
        return;
    source_close(in);
    for (size_t i = 0; i < in->nframes; i++) {
        free(in->frames[i].names);
        free(in->frames[i].ents);
    }
    free(in->frames);
    free(in->path);
    if (in->given_fd >= 0 && in->given_own)
        close(in->given_fd);
    free(in->given_origin);
    free(in->ar_path);
    free(in->origin);
    free(in->block);
    free(in->peek);
    if (in->z_init)
        inflateEnd(&in->z);
    member_names_release(&in->names);
    if (in->utf8_ctype)
        freelocale(in->utf8_ctype);
    free(in);
}
