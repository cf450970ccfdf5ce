/*
 * sink.c - outputs that are more than a stream of bytes: a gzip file, an
 * archive (tar, tar.gz, zip...) of one file per game with a manifest, or a
 * directory of one file per game.  output.c opens the temporary file and
 * renames it; this file only shapes what goes into it.
 *
 * A tool writes one file per game into its batch buffer as a record
 * (cli_buf_file): name, contents, manifest line.  The records reach the
 * sink in input order, so names are made unique (a second "a.sgf" becomes
 * "a-2.sgf") the same way at every -j.
 */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include "cli/cli-internal.h"

/* Longest name kept, in bytes: file systems allow 255.  A '/' of the
 * pattern makes a folder, MAX_FOLDERS deep at most: a record's path
 * inside the output then fits PATH_BYTES. */
enum {
    NAME_MAX_BYTES = 200,
    MAX_FOLDERS = 8,
    PATH_BYTES = (MAX_FOLDERS + 1) * (NAME_MAX_BYTES + 1)
};

struct sink {
    enum cli_sink kind;
    gzFile gz;
    struct archive *ar;
    const char *dir;           /* CLI_SINK_DIRECTORY */
    time_t mtime;              /* of every archive member: the run's start */
    uint64_t files;            /* records so far: "{n}" in a name */
    struct cli_buf manifest;
    /* CLI_SINK_IN_PLACE: the input being rewritten and its new contents
     * (the games of one file arrive one after another) */
    int backup;
    char *current;
    struct cli_buf pending;
    /* names used so far: open addressing over malloc'd strings */
    char **names;
    size_t nnames, cap;
};

/* ---- records ---- */

void cli_buf_file(struct cli_buf *b, const char *name,
                  const struct cli_buf *data, const char *manifest_line)
{
    uint32_t n = (uint32_t)strlen(name);
    uint64_t len = data->len;
    uint32_t m = manifest_line ? (uint32_t)strlen(manifest_line) : 0;
    cli_buf_put(b, &n, sizeof n);
    cli_buf_put(b, name, n);
    cli_buf_put(b, &len, sizeof len);
    cli_buf_put(b, data->data, data->len);
    cli_buf_put(b, &m, sizeof m);
    cli_buf_put(b, manifest_line, m);
    if (data->nomem)
        b->nomem = 1;
}

/* ---- names ---- */

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211u;
    return h;
}

/* 1 when name was free (and is now taken), 0 when used, -1 out of memory. */
static int take_name(struct sink *s, const char *name)
{
    if (2 * (s->nnames + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        char **t = calloc(cap, sizeof *t);
        if (!t)
            return -1;
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->names[i])
                continue;
            size_t j = name_hash(s->names[i]) & (cap - 1);
            while (t[j])
                j = (j + 1) & (cap - 1);
            t[j] = s->names[i];
        }
        free(s->names);
        s->names = t;
        s->cap = cap;
    }
    size_t j = name_hash(name) & (s->cap - 1);
    for (; s->names[j]; j = (j + 1) & (s->cap - 1))
        if (strcmp(s->names[j], name) == 0)
            return 0;
    s->names[j] = strdup(name);
    if (!s->names[j])
        return -1;
    s->nnames++;
    return 1;
}

/* A name a file system and an archive accept, never leading anywhere but
 * into the output: one component, no control characters or characters
 * Windows refuses, no leading dot (no "..", no hidden file), at most
 * NAME_MAX_BYTES cut at a UTF-8 boundary.  UTF-8 (players' names) stays. */
static void clean_name(const char *in, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < NAME_MAX_BYTES; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c < 0x20 || c == 0x7f || strchr("/\\:*?\"<>|", c))
            c = '_';
        if (k == 0 && (c == '.' || c == '-'))
            c = '_';        /* no "..", no hidden file, no option */
        out[k++] = (char)c;
    }
    while (k > 0 && ((unsigned char)out[k - 1] & 0xc0) == 0x80)
        k--;                    /* a sequence cut short */
    if (k > 0 && ((unsigned char)out[k - 1] & 0xc0) == 0xc0)
        k--;
    if (k == 0)
        out[k++] = '_';
    out[k] = '\0';
}

/* "{n}" in a name is the record's number in the run: only here are the
 * games seen in input order. */
static size_t number_name(uint64_t number, const char *in, size_t n,
                          char *out, size_t outsize)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < outsize; ) {
        if (i + 3 <= n && memcmp(in + i, "{n}", 3) == 0) {
            int w = snprintf(out + k, outsize - k, "%llu",
                             (unsigned long long)number);
            k = w > 0 && (size_t)w < outsize - k ? k + (size_t)w : k;
            i += 3;
        } else {
            out[k++] = in[i++];
        }
    }
    out[k] = '\0';
    return k;
}

/* A record's name as a path inside the output (out holds PATH_BYTES):
 * each '/' ends a folder (the tool's pattern put it there; split values
 * have none), up to MAX_FOLDERS, after which a '/' is one more character
 * to clean.  Empty components are dropped, so a path is never absolute,
 * and each component is a clean name, so none is "..": nothing leads out
 * of the output.  Components are numbered and cleaned one by one, so that
 * a long value cuts its own component only. */
static void clean_path(uint64_t number, const char *in, size_t n, char *out)
{
    const char *end = in + n;
    size_t k = 0, folders = 0;
    for (;;) {
        const char *slash = folders < MAX_FOLDERS
                                ? memchr(in, '/', (size_t)(end - in)) : NULL;
        const char *e = slash ? slash : end;
        if (slash && e == in) {
            in = slash + 1;
            continue;
        }
        char numbered[NAME_MAX_BYTES + 64];
        size_t len = number_name(number, in, (size_t)(e - in), numbered,
                                 sizeof numbered);
        clean_name(numbered, len, out + k);
        k += strlen(out + k);
        if (!slash)
            break;
        out[k++] = '/';
        folders++;
        in = slash + 1;
    }
}

/* The record's name made unique: "-2", "-3"... before the extension. */
static int unique_name(struct sink *s, const char *in, size_t n,
                       char *out, size_t outsize)
{
    char base[PATH_BYTES];
    clean_path(++s->files, in, n, base);
    const char *file = strrchr(base, '/');
    file = file ? file + 1 : base;
    const char *dot = strrchr(file, '.');
    size_t stem = dot && dot != file ? (size_t)(dot - base) : strlen(base);
    snprintf(out, outsize, "%s", base);
    for (unsigned k = 2;; k++) {
        int r = take_name(s, out);
        if (r != 0)
            return r < 0 ? -1 : 0;
        snprintf(out, outsize, "%.*s-%u%s", (int)stem, base, k, base + stem);
    }
}

/* ---- opening and closing ---- */

enum cli_sink cli_sink_for_name(const char *name)
{
    static const struct { const char *ext; enum cli_sink kind; } map[] = {
        { ".tar.gz", CLI_SINK_ARCHIVE }, { ".tgz", CLI_SINK_ARCHIVE },
        { ".tar.bz2", CLI_SINK_ARCHIVE }, { ".tbz2", CLI_SINK_ARCHIVE },
        { ".tar.xz", CLI_SINK_ARCHIVE }, { ".txz", CLI_SINK_ARCHIVE },
        { ".tar", CLI_SINK_ARCHIVE }, { ".zip", CLI_SINK_ARCHIVE },
        { ".gz", CLI_SINK_GZIP }
    };
    size_t n = name ? strlen(name) : 0;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        size_t e = strlen(map[i].ext);
        if (n > e && strcasecmp(name + n - e, map[i].ext) == 0)
            return map[i].kind;
    }
    return CLI_SINK_PLAIN;
}

static int set_archive_format(const struct sink *s, const char *name)
{
    struct archive *a = s->ar;
    size_t n = strlen(name);
#define ENDS(e) (n > strlen(e) && strcasecmp(name + n - strlen(e), e) == 0)
    if (ENDS(".zip"))
        return archive_write_set_format_zip(a);
    if (archive_write_set_format_pax_restricted(a) != ARCHIVE_OK)
        return ARCHIVE_FATAL;
    if (ENDS(".tar.gz") || ENDS(".tgz"))
        return archive_write_add_filter_gzip(a);
    if (ENDS(".tar.bz2") || ENDS(".tbz2"))
        return archive_write_add_filter_bzip2(a);
    if (ENDS(".tar.xz") || ENDS(".txz"))
        return archive_write_add_filter_xz(a);
#undef ENDS
    return ARCHIVE_OK;
}

struct sink *cli_sink_open(struct cli *cli, enum cli_sink kind, int fd,
                           const char *path)
{
    struct sink *s = calloc(1, sizeof *s);
    if (!s) {
        cli_out_of_memory(cli);
        return NULL;
    }
    s->kind = kind;
    s->mtime = time(NULL);
    switch (kind) {
    case CLI_SINK_GZIP: {
        int dup_fd = dup(fd);
        s->gz = dup_fd >= 0 ? gzdopen(dup_fd, "wb6") : NULL;
        if (!s->gz) {
            if (dup_fd >= 0)
                close(dup_fd);
            cli_error(cli, "cannot start gzip output '%s'", path);
            free(s);
            return NULL;
        }
        break;
    }
    case CLI_SINK_ARCHIVE:
        s->ar = archive_write_new();
        if (!s->ar || set_archive_format(s, path) != ARCHIVE_OK ||
            archive_write_open_fd(s->ar, fd) != ARCHIVE_OK) {
            cli_error(cli, "cannot write archive '%s': %s", path,
                      s->ar ? archive_error_string(s->ar) : "out of memory");
            if (s->ar)
                archive_write_free(s->ar);
            free(s);
            return NULL;
        }
        break;
    case CLI_SINK_DIRECTORY:
        s->dir = path;
        break;
    case CLI_SINK_IN_PLACE:
        s->backup = fd;     /* for this kind, fd says whether to keep .bak */
        break;
    case CLI_SINK_PLAIN:
        break;
    }
    return s;
}

static int add_member(struct cli *cli, struct sink *s, const char *name,
                      const void *data, size_t len)
{
    if (s->kind == CLI_SINK_DIRECTORY) {
        struct cli_buf path = { 0 }, body = { 0 };
        cli_buf_printf(&path, "%s/%s", s->dir, name);
        cli_buf_put(&path, "", 1);
        int rc = -1;
        size_t dir = strlen(s->dir) + 1;
        const char *slash = strrchr(name, '/');
        if (path.nomem)
            cli_out_of_memory(cli);
        else if (slash && cli_make_dirs(cli, path.data, dir,
                                        dir + (size_t)(slash - name), 0) < 0)
            rc = -1;            /* it said why */
        else {
            /* a file already there (an input, an earlier run's output, the
             * user's own) is never replaced */
            body.data = (char *)data;      /* read only by cli_save_file */
            body.len = len;
            rc = cli_save_file_as(cli, path.data, &body, CLI_SAVE_NEW);
        }
        cli_buf_free(&path);
        return rc;
    }
    struct archive_entry *e = archive_entry_new();
    if (!e) {
        cli_out_of_memory(cli);
        return -1;
    }
    archive_entry_set_pathname(e, name);
    archive_entry_set_size(e, (la_int64_t)len);
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_mtime(e, s->mtime, 0);
    int ok = archive_write_header(s->ar, e) == ARCHIVE_OK &&
             (len == 0 || archive_write_data(s->ar, data, len) == (la_ssize_t)len);
    archive_entry_free(e);
    if (!ok) {
        cli_error(cli, "cannot add '%s' to the archive: %s", name,
                  archive_error_string(s->ar));
        return -1;
    }
    return 0;
}

/* --backup: a hard link FILE.bak to the old file, or FILE.bak.1, .2...
 * when that name is taken.  A backup is never replaced: a second run
 * would put the rewritten file where the original was.  link(2) never
 * replaces a name, so two runs at once cannot take the same one. */
static int keep_backup(struct cli *cli, const char *path)
{
    struct cli_buf bak = { 0 };
    int rc = -1;
    for (unsigned k = 0;; k++) {
        cli_buf_clear(&bak);
        if (k == 0)
            cli_buf_printf(&bak, "%s.bak", path);
        else
            cli_buf_printf(&bak, "%s.bak.%u", path, k);
        cli_buf_put(&bak, "", 1);
        if (bak.nomem) {
            cli_out_of_memory(cli);
            break;
        }
        if (link(path, bak.data) == 0) {
            if (k > 0 && cli->verbosity > 0)
                cli_error(cli, "%s: the old file kept as '%s' ('%s.bak' "
                          "exists)", path, bak.data, path);
            rc = 0;
            break;
        }
        if (errno != EEXIST || k == UINT_MAX) {
            cli_error(cli, "cannot keep '%s': %s", bak.data, strerror(errno));
            break;
        }
    }
    cli_buf_free(&bak);
    return rc;
}

/* --in-place: the file's old contents become a backup when asked, then
 * the new ones replace them in one rename.  A link keeps the old file
 * under both names until the rename, so at every moment FILE holds the
 * old or the new contents in full. */
static int replace_input(struct cli *cli, struct sink *s)
{
    const char *path = s->current;
    struct stat st;
    int rc = -1;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        cli_error(cli, "%s: not a file that can be rewritten in place", path);
        return -1;
    }
    if (sgf_inputs_name_flags(path) & SGF_NAME_PACKED) {
        cli_error(cli, "%s: compressed: not rewritten in place", path);
        return -1;
    }
    if (s->backup && keep_backup(cli, path) < 0)
        return -1;
    rc = cli_save_file_as(cli, path, &s->pending, CLI_SAVE_OVER_INPUT);
    if (rc == 0)
        chmod(path, st.st_mode & 07777);
    return rc;
}

/* Commits the file being rewritten, if any. */
static int flush_in_place(struct cli *cli, struct sink *s)
{
    int rc = 0;
    if (s->current) {
        rc = s->pending.nomem ? -1 : replace_input(cli, s);
        if (s->pending.nomem)
            cli_out_of_memory(cli);
        free(s->current);
        s->current = NULL;
    }
    cli_buf_clear(&s->pending);
    return rc;
}

static int add_in_place(struct cli *cli, struct sink *s, const char *name,
                        size_t n, const char *data, size_t len)
{
    if (!s->current || strlen(s->current) != n ||
        memcmp(s->current, name, n) != 0) {
        if (flush_in_place(cli, s) < 0)
            return -1;
        s->current = strndup(name, n);
        if (!s->current) {
            cli_out_of_memory(cli);
            return -1;
        }
    }
    cli_buf_put(&s->pending, data, len);
    return 0;
}

/* Reads the records of b; each file goes in, its manifest line is kept. */
static int write_records(struct cli *cli, struct sink *s,
                         const struct cli_buf *b)
{
    size_t at = 0;
    while (at < b->len) {
        uint32_t n, m;
        uint64_t len;
        char name[PATH_BYTES + 16];
        memcpy(&n, b->data + at, sizeof n);
        const char *raw = b->data + at + sizeof n;
        memcpy(&len, raw + n, sizeof len);
        const char *data = raw + n + sizeof len;
        memcpy(&m, data + len, sizeof m);
        const char *line = data + len + sizeof m;
        at = (size_t)(line + m - b->data);
        if (s->kind == CLI_SINK_IN_PLACE) {
            if (add_in_place(cli, s, raw, n, data, (size_t)len) < 0)
                return -1;
            continue;
        }
        if (unique_name(s, raw, n, name, sizeof name) < 0) {
            cli_out_of_memory(cli);
            return -1;
        }
        if (add_member(cli, s, name, data, (size_t)len) < 0)
            return -1;
        if (m) {
            /* the manifest names the file as it was stored */
            cli_buf_puts(&s->manifest, "{\"file\":");
            cli_buf_json_string(&s->manifest, name);
            cli_buf_put(&s->manifest, ",", 1);
            cli_buf_put(&s->manifest, line, m);
            cli_buf_put(&s->manifest, "}\n", 2);
        }
    }
    return 0;
}

int cli_sink_write(struct cli *cli, struct sink *s, const struct cli_buf *b)
{
    if (s->kind == CLI_SINK_GZIP) {
        if (gzwrite(s->gz, b->data, (unsigned)b->len) != (int)b->len) {
            int e;
            cli_error(cli, "gzip write error: %s", gzerror(s->gz, &e));
            return -1;
        }
        return 0;
    }
    return write_records(cli, s, b);
}

int cli_sink_close(struct cli *cli, struct sink *s, int failed)
{
    int rc = 0;
    if (s->kind == CLI_SINK_IN_PLACE && !failed)
        rc = flush_in_place(cli, s);
    free(s->current);
    cli_buf_free(&s->pending);
    if (s->kind != CLI_SINK_GZIP && !failed && s->manifest.len) {
        if (s->manifest.nomem) {
            cli_out_of_memory(cli);
            rc = -1;
        } else if (take_name(s, "manifest.jsonl") == 0) {
            cli_error(cli, "a game file is named manifest.jsonl: the "
                      "manifest was not written");
            rc = -1;
        } else {
            rc = add_member(cli, s, "manifest.jsonl", s->manifest.data,
                            s->manifest.len);
        }
    }
    if (s->gz && gzclose(s->gz) != Z_OK && !failed) {
        cli_error(cli, "gzip write error on close");
        rc = -1;
    }
    if (s->ar) {
        if (archive_write_close(s->ar) != ARCHIVE_OK && !failed) {
            cli_error(cli, "cannot finish the archive: %s",
                      archive_error_string(s->ar));
            rc = -1;
        }
        archive_write_free(s->ar);
    }
    for (size_t i = 0; i < s->cap; i++)
        free(s->names[i]);
    free(s->names);
    cli_buf_free(&s->manifest);
    free(s);
    return rc;
}
