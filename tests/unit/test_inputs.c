/*
 * test_inputs.c - paths to members: plain files, sorted directory walks,
 * gzip, archives (made here with libarchive's writer), stdin, failures;
 * and every archive of ../shared/corpus/6-archives when it is there.
 */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>
#include <zlib.h>

#include "sgfkit.h"
#include "harness.h"

static char tmp[256];

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return q;
}

/* ---- fixtures ---- */

/* tmp/rel; each result stays valid for the next 63 calls */
static const char *at(const char *rel)
{
    static char buf[64][512];
    static int k;
    k = (k + 1) % 64;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmp, rel);
    return buf[k];
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK_INT(fwrite(data, 1, len, f), len);
    CHECK_INT(fclose(f), 0);
}

/* gzip in memory; *out is malloc'd. */
static size_t gzip_bytes(const char *data, size_t len, unsigned char **out)
{
    z_stream z;
    size_t cap = compressBound(len) + 64;
    memset(&z, 0, sizeof z);
    *out = malloc(cap);
    CHECK_INT(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    z.next_in = (unsigned char *)(uintptr_t)data;
    z.avail_in = (uInt)len;
    z.next_out = *out;
    z.avail_out = (uInt)cap;
    CHECK_INT(deflate(&z, Z_FINISH), Z_STREAM_END);
    deflateEnd(&z);
    return cap - z.avail_out;
}

struct entry {
    const char *name;
    const char *data;       /* NULL: a directory */
    size_t len;             /* 0: strlen(data); LINK: a symbolic link to data */
};
#define LINK ((size_t)-1)

/* Writes entries as an archive of format/filter to path, or to memory when
 * mem is set (returns the size). */
static size_t make_archive(const char *path, int format, int filter,
                           const struct entry *e, void *mem, size_t memcap)
{
    struct archive *a = archive_write_new();
    size_t used = 0;
    int r;
    CHECK_INT(archive_write_set_format(a, format), ARCHIVE_OK);
    if (filter != ARCHIVE_FILTER_NONE) {
        r = archive_write_add_filter(a, filter);
        if (r != ARCHIVE_OK) {
            archive_write_free(a);
            return 0;       /* libarchive built without it */
        }
    }
    if (mem)
        r = archive_write_open_memory(a, mem, memcap, &used);
    else
        r = archive_write_open_filename(a, path);
    CHECK_INT(r, ARCHIVE_OK);
    for (; e->name; e++) {
        struct archive_entry *ae = archive_entry_new();
        size_t len = e->data && e->len != LINK
                     ? (e->len ? e->len : strlen(e->data)) : 0;
        archive_entry_set_pathname(ae, e->name);
        archive_entry_set_mtime(ae, 1500000000, 0);
        if (e->len == LINK) {
            archive_entry_set_filetype(ae, AE_IFLNK);
            archive_entry_set_perm(ae, 0777);
            archive_entry_set_symlink(ae, e->data);
            len = 0;
        } else if (e->data) {
            archive_entry_set_filetype(ae, AE_IFREG);
            archive_entry_set_perm(ae, 0644);
            archive_entry_set_size(ae, (la_int64_t)len);
        } else {
            archive_entry_set_filetype(ae, AE_IFDIR);
            archive_entry_set_perm(ae, 0755);
        }
        CHECK_INT(archive_write_header(a, ae), ARCHIVE_OK);
        if (len)
            CHECK_INT(archive_write_data(a, e->data, len), len);
        archive_entry_free(ae);
    }
    CHECK_INT(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    return mem ? used : 1;
}

/* ---- running the iterator ---- */

#define MAXM 64

struct run {
    size_t n;
    char *origin[MAXM];
    char *data[MAXM];
    size_t len[MAXM];
    int read_err[MAXM];     /* the negative code a member read ended with */
    size_t nerr;
    char *err_origin[MAXM];
    char *err_msg[MAXM];
    size_t failures;
    size_t nskip;           /* inputs not read, in walk order */
    char *skip_origin[MAXM];
    sgf_skip_reason skip_why[MAXM];
    size_t skipped;         /* sgf_inputs_skipped(in, -1) at the end */
};

static void on_error(void *ctx, const char *origin, const char *message)
{
    struct run *r = ctx;
    if (r->nerr < MAXM) {
        r->err_origin[r->nerr] = strdup(origin);
        r->err_msg[r->nerr] = strdup(message);
        r->nerr++;
    }
}

/* Every skip message names its input and says why. */
static void on_skip(void *ctx, const char *origin, sgf_skip_reason why,
                    const char *message)
{
    struct run *r = ctx;
    char head[600];
    snprintf(head, sizeof head, "skipped '%s': %s", origin,
             sgf_skip_reason_name(why));
    CHECK(strncmp(message, head, strlen(head)) == 0);
    if (r->nskip < MAXM) {
        r->skip_origin[r->nskip] = strdup(origin);
        r->skip_why[r->nskip] = why;
        r->nskip++;
    }
}

/* Reads a member whole, chunk bytes at a time. */
static char *slurp(sgf_member *m, size_t chunk, size_t *len, int *err)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    long r;
    *err = 0;
    for (;;) {
        if (cap - n < chunk) {
            cap = 2 * cap + chunk;
            buf = xrealloc(buf, cap + 1);
        }
        r = sgf_member_read(m, buf + n, chunk);
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    if (r < 0)
        *err = (int)r;
    buf[n] = '\0';
    *len = n;
    return buf;
}

static void run(struct run *r, const char *const *paths, size_t n, size_t chunk)
{
    sgf_inputs *in = sgf_inputs_new(paths, n, on_error, r);
    sgf_member *m;
    memset(r, 0, sizeof *r);
    CHECK(in != NULL);
    if (!in)
        return;
    sgf_inputs_on_skip(in, on_skip, r);
    while (sgf_inputs_next(in, &m) == 1) {
        size_t i = r->n;
        if (i == MAXM)
            break;
        r->origin[i] = strdup(sgf_member_origin(m));
        r->data[i] = slurp(m, chunk, &r->len[i], &r->read_err[i]);
        r->n++;
    }
    r->failures = sgf_inputs_failures(in);
    r->skipped = sgf_inputs_skipped(in, -1);
    sgf_inputs_free(in);
}

static void run_free(struct run *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->origin[i]);
        free(r->data[i]);
    }
    for (size_t i = 0; i < r->nerr; i++) {
        free(r->err_origin[i]);
        free(r->err_msg[i]);
    }
    for (size_t i = 0; i < r->nskip; i++)
        free(r->skip_origin[i]);
}

/* Index of the member with this origin, or -1. */
static int find(const struct run *r, const char *origin)
{
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->origin[i], origin) == 0)
            return (int)i;
    return -1;
}

static void check_member(const struct run *r, const char *origin,
                         const char *want)
{
    int i = find(r, origin);
    CHECK(i >= 0);
    if (i < 0) {
        fprintf(stderr, "missing member %s\n", origin);
        return;
    }
    CHECK_INT(r->read_err[i], 0);
    CHECK_STR(r->data[i], want);
}

/* ---- the cases ---- */

static const char REC_B[] = "(;GM[1]FF[4]C[b])";
static const char REC_C[] = "(;GM[1]FF[4]C[c in a gzipped member])";
static const char REC_D[] = "(;GM[1]FF[4]C[d]\n;B[aa];W[bb])\n";

static const struct entry archive_entries[] = {
    { "games", NULL, 0 },
    { "games/b.sgf", REC_B, 0 },
    { "games/index.txt", "not a record", 0 },
    { "games/skip.sgf.index", "not a record either", 0 },
    { "./games/d.SGF", REC_D, 0 },
    { NULL, NULL, 0 }
};

static void make_tree(void)
{
    unsigned char *gz;
    size_t n;

    CHECK_INT(mkdir(at("d"), 0755), 0);
    CHECK_INT(mkdir(at("d/sub"), 0755), 0);
    CHECK_INT(mkdir(at("d/sub/deeper"), 0755), 0);
    write_file(at("top.sgf"), "(;C[top])", 9);
    write_file(at("noext"), "(;C[noext])", 11);
    write_file(at("d/b.sgf"), "(;C[b])", 7);
    write_file(at("d/A.SGF"), "(;C[A])", 7);
    write_file(at("d/.hidden.sgf"), "(;C[hidden])", 12);
    write_file(at("d/notes.txt"), "(;C[not taken])", 15);
    write_file(at("d/c.sgfs"), "(;C[c1])(;C[c2])", 16);
    write_file(at("d/fake.zip"), "(;C[a zip by name only])", 24);
    write_file(at("d/sub/e.sgf"), "(;C[e])", 7);
    write_file(at("d/sub/deeper/f.Sgf"), "(;C[f])", 7);
    write_file(at("d/sub/deeper/f.sgf~"), "(;C[backup])", 12);
    n = gzip_bytes("(;C[g])", 7, &gz);
    write_file(at("d/g.sgf.gz"), gz, n);
    free(gz);
    /* a link back up must not loop; a dangling link is named as skipped */
    CHECK_INT(symlink("..", at("d/sub/up")), 0);
    CHECK_INT(symlink("nowhere", at("d/sub/dangling.txt")), 0);
}

static void make_archives(void)
{
    static const struct entry gz_member[] = {
        { "games/c.sgf.gz", NULL, 0 }, { NULL, NULL, 0 }
    };
    struct entry zip[7];
    unsigned char *gz;
    size_t n;

    /* the zip also holds a gzipped member */
    memcpy(zip, archive_entries, 5 * sizeof zip[0]);
    n = gzip_bytes(REC_C, strlen(REC_C), &gz);
    zip[5] = gz_member[0];
    zip[5].data = (const char *)gz;
    zip[5].len = n;
    zip[6] = archive_entries[5];
    make_archive(at("d/x.zip"), ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE, zip,
                 NULL, 0);
    free(gz);
    make_archive(at("d/y.tar.gz"), ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
                 ARCHIVE_FILTER_GZIP, archive_entries, NULL, 0);
    make_archive(at("d/w.tar"), ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_NONE,
                 archive_entries, NULL, 0);
    make_archive(at("d/z.7z"), ARCHIVE_FORMAT_7ZIP, ARCHIVE_FILTER_NONE,
                 archive_entries, NULL, 0);
}

/* A file with zip's magic and nothing else is an error of its own; the
 * plain and gzipped records beside it are read. */
static void test_magic_only(void)
{
    const char *dir = at("magic");
    unsigned char *gz;
    size_t n;
    struct run r;

    CHECK_INT(mkdir(dir, 0755), 0);
    write_file(at("magic/a.sgf"), REC_B, strlen(REC_B));
    n = gzip_bytes(REC_D, strlen(REC_D), &gz);
    write_file(at("magic/b.sgf.gz"), gz, n);
    free(gz);
    static const char not_zip[] = "PK\3\4 and no zip";
    write_file(at("magic/c.zip"), not_zip, sizeof not_zip - 1);
    run(&r, &dir, 1, 4096);
    CHECK_INT(r.n, 2);
    CHECK_INT(r.failures, 1);
    check_member(&r, at("magic/a.sgf"), REC_B);
    check_member(&r, at("magic/b.sgf.gz"), REC_D);
    CHECK(r.nerr == 1 && strncmp(r.err_msg[0], "cannot read archive '", 21) == 0);
    run_free(&r);
}

/* The walk: sorted bytewise, extension filter inside directories, archives
 * by magic, explicit files whatever their name, a missing path counted. */
static void test_walk(void)
{
    struct run r;
    const char *paths[4];
    char *t[4];
    static const char *const order[] = {
        "top.sgf", "noext",
        "d/A.SGF", "d/b.sgf", "d/c.sgfs", "d/fake.zip",
        "d/g.sgf.gz",
        "d/sub/deeper/f.Sgf", "d/sub/e.sgf",
        "d/w.tar:games/b.sgf", "d/w.tar:games/d.SGF",
        "d/x.zip:games/b.sgf", "d/x.zip:games/d.SGF", "d/x.zip:games/c.sgf.gz",
        "d/y.tar.gz:games/b.sgf", "d/y.tar.gz:games/d.SGF",
        "d/z.7z:games/b.sgf", "d/z.7z:games/d.SGF",
    };
    size_t nwant = sizeof order / sizeof order[0];

    for (int i = 0; i < 4; i++)
        t[i] = strdup(at(i == 0 ? "top.sgf" : i == 1 ? "missing.sgf"
                         : i == 2 ? "noext" : "d"));
    for (int i = 0; i < 4; i++)
        paths[i] = t[i];
    run(&r, paths, 4, 4096);

    CHECK_INT(r.n, nwant);
    for (size_t i = 0; i < nwant && i < r.n; i++) {
        if (strcmp(r.origin[i], at(order[i])) != 0)
            fprintf(stderr, "member %zu: %s, expected %s\n", i, r.origin[i],
                    at(order[i]));
        CHECK_STR(r.origin[i], at(order[i]));
    }
    CHECK_INT(r.failures, 1);
    CHECK_INT(r.nerr, 1);
    if (r.nerr >= 1) {
        char want[600];
        snprintf(want, sizeof want, "cannot open '%s': %s", t[1],
                 strerror(ENOENT));
        CHECK_STR(r.err_origin[0], t[1]);
        CHECK_STR(r.err_msg[0], want);
    }
    /* what the walk did not read, each named once, in walk order */
    static const struct { const char *origin; sgf_skip_reason why; } skips[] = {
        { "d/.hidden.sgf", SGF_SKIP_HIDDEN },
        { "d/notes.txt", SGF_SKIP_NOT_RECORD },
        { "d/sub/dangling.txt", SGF_SKIP_SPECIAL },
        { "d/sub/deeper/f.sgf~", SGF_SKIP_NOT_RECORD },
        { "d/sub/up", SGF_SKIP_LINK_LOOP },
        { "d/w.tar:games/index.txt", SGF_SKIP_NOT_RECORD },
        { "d/w.tar:games/skip.sgf.index", SGF_SKIP_NOT_RECORD },
        { "d/x.zip:games/index.txt", SGF_SKIP_NOT_RECORD },
        { "d/x.zip:games/skip.sgf.index", SGF_SKIP_NOT_RECORD },
        { "d/y.tar.gz:games/index.txt", SGF_SKIP_NOT_RECORD },
        { "d/y.tar.gz:games/skip.sgf.index", SGF_SKIP_NOT_RECORD },
        { "d/z.7z:games/index.txt", SGF_SKIP_NOT_RECORD },
        { "d/z.7z:games/skip.sgf.index", SGF_SKIP_NOT_RECORD },
    };
    size_t nskips = sizeof skips / sizeof skips[0];
    CHECK_INT(r.nskip, nskips);
    CHECK_INT(r.skipped, nskips);
    for (size_t i = 0; i < nskips && i < r.nskip; i++) {
        CHECK_STR(r.skip_origin[i], at(skips[i].origin));
        CHECK_INT(r.skip_why[i], skips[i].why);
    }
    check_member(&r, at("top.sgf"), "(;C[top])");
    check_member(&r, at("noext"), "(;C[noext])");
    check_member(&r, at("d/c.sgfs"), "(;C[c1])(;C[c2])");
    check_member(&r, at("d/fake.zip"), "(;C[a zip by name only])");
    check_member(&r, at("d/g.sgf.gz"), "(;C[g])");
    check_member(&r, at("d/sub/deeper/f.Sgf"), "(;C[f])");
    check_member(&r, at("d/x.zip:games/b.sgf"), REC_B);
    check_member(&r, at("d/x.zip:games/d.SGF"), REC_D);
    check_member(&r, at("d/x.zip:games/c.sgf.gz"), REC_C);
    check_member(&r, at("d/y.tar.gz:games/b.sgf"), REC_B);
    check_member(&r, at("d/w.tar:games/d.SGF"), REC_D);
    check_member(&r, at("d/z.7z:games/b.sgf"), REC_B);
    check_member(&r, at("d/z.7z:games/d.SGF"), REC_D);
    run_free(&r);

    /* the same walk read one byte at a time gives the same bytes */
    run(&r, paths + 3, 1, 1);
    check_member(&r, at("d/g.sgf.gz"), "(;C[g])");
    check_member(&r, at("d/x.zip:games/c.sgf.gz"), REC_C);
    check_member(&r, at("d/y.tar.gz:games/d.SGF"), REC_D);
    CHECK_INT(r.failures, 0);
    run_free(&r);

    /* a trailing slash does not double */
    {
        char slash[600];
        const char *p = slash;
        snprintf(slash, sizeof slash, "%s/", at("d/sub/deeper"));
        run(&r, &p, 1, 4096);
        CHECK_INT(r.n, 1);
        if (r.n >= 1)
            CHECK_STR(r.origin[0], at("d/sub/deeper/f.Sgf"));
        run_free(&r);
    }
    for (int i = 0; i < 4; i++)
        free(t[i]);
}

/* Every way an input is not read, each named once with its reason and
 * counted; the listing (sgf_inputs_next_file) skips the same inputs; a
 * file named by the caller is read whatever its name and bytes. */
static void test_skips(void)
{
    static const char REC[] = "(;GM[1]FF[4]C[read])";
    static const char TEXT[] = "Read me first: these are my games.\n";
    static const char APPLE_DOUBLE[] = "\0\5\26\7 AppleDouble";
    static const struct entry zip[] = {
        { "a.sgf", REC, 0 },
        { "inner.zip", "PK\5\6 an archive in an archive", 0 },
        { "__MACOSX/._a.sgf", APPLE_DOUBLE, sizeof APPLE_DOUBLE - 1 },
        { "dir/.hidden.sgf", REC, 0 },
        { "link.sgf", "a.sgf", LINK },
        { "README", TEXT, 0 },
        { "record", REC, 0 },
        { NULL, NULL, 0 }
    };
    static const struct entry only_dir[] = {
        { "games", NULL, 0 }, { NULL, NULL, 0 }
    };
    CHECK_INT(mkdir(at("s"), 0755), 0);
    CHECK_INT(mkdir(at("s/.git"), 0755), 0);
    CHECK_INT(mkdir(at("s/nothing"), 0755), 0);
    write_file(at("s/.git/HEAD"), REC, strlen(REC));
    write_file(at("s/README"), TEXT, strlen(TEXT));
    write_file(at("s/blank"), "", 0);
    write_file(at("s/game.gib"), "\\HS\n", strlen("\\HS\n"));
    write_file(at("s/record"), REC, strlen(REC));
    write_file(at("s/tygem"), "\\HS\n\\[GIBOKIND=Global\\]\n",
               strlen("\\HS\n\\[GIBOKIND=Global\\]\n"));
    CHECK_INT(mkfifo(at("s/pipe"), 0644), 0);
    make_archive(at("s/z.zip"), ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE, zip,
                 NULL, 0);
    make_archive(at("s/dirs.tar"), ARCHIVE_FORMAT_TAR_USTAR,
                 ARCHIVE_FILTER_NONE, only_dir, NULL, 0);

    static const char *const read_want[] = {
        "s/game.gib", "s/record", "s/tygem", "s/z.zip:a.sgf", "s/z.zip:record",
        "s/README",
    };
    static const struct { const char *origin; sgf_skip_reason why; } skips[] = {
        { "s/.git", SGF_SKIP_HIDDEN },
        { "s/README", SGF_SKIP_NOT_RECORD },
        { "s/blank", SGF_SKIP_NOT_RECORD },
        { "s/dirs.tar", SGF_SKIP_EMPTY },
        { "s/pipe", SGF_SKIP_SPECIAL },
        { "s/z.zip:inner.zip", SGF_SKIP_NOT_RECORD },
        { "s/z.zip:__MACOSX/._a.sgf", SGF_SKIP_HIDDEN },
        { "s/z.zip:dir/.hidden.sgf", SGF_SKIP_HIDDEN },
        { "s/z.zip:link.sgf", SGF_SKIP_SPECIAL },
        { "s/z.zip:README", SGF_SKIP_NOT_RECORD },
        { "s/nothing", SGF_SKIP_EMPTY },
    };
    size_t nread = sizeof read_want / sizeof *read_want;
    size_t nskips = sizeof skips / sizeof *skips;
    /* s/ walked (s/nothing is walked too: an empty folder inside a walk
     * is no input, so it is named only as an input of its own), then
     * s/README and s/nothing named */
    char *t[3];
    t[0] = strdup(at("s"));
    t[1] = strdup(at("s/README"));
    t[2] = strdup(at("s/nothing"));
    const char *paths[3] = { t[0], t[1], t[2] };
    struct run r;
    run(&r, paths, 3, 4096);
    CHECK_INT(r.n, nread);
    for (size_t i = 0; i < nread && i < r.n; i++)
        CHECK_STR(r.origin[i], at(read_want[i]));
    CHECK_INT(r.nerr, 0);
    CHECK_INT(r.nskip, nskips);
    CHECK_INT(r.skipped, nskips);
    for (size_t i = 0; i < nskips && i < r.nskip; i++) {
        CHECK_STR(r.skip_origin[i], at(skips[i].origin));
        CHECK_INT(r.skip_why[i], skips[i].why);
    }
    run_free(&r);

    /* the counts by reason, and the reasons' names */
    sgf_inputs *in = sgf_inputs_new(paths, 3, NULL, NULL);
    sgf_member *m;
    size_t by[SGF_SKIP_REASONS] = { 0 };
    for (size_t i = 0; i < nskips; i++)
        by[skips[i].why]++;
    while (sgf_inputs_next(in, &m) == 1)
        ;
    for (int k = 0; k < SGF_SKIP_REASONS; k++) {
        CHECK_INT(sgf_inputs_skipped(in, k), by[k]);
        CHECK(sgf_skip_reason_name(k) != NULL);
    }
    CHECK_INT(sgf_inputs_skipped(in, SGF_SKIP_REASONS), 0);
    CHECK(sgf_skip_reason_name(SGF_SKIP_REASONS) == NULL);
    CHECK(sgf_skip_reason_name(-1) == NULL);
    sgf_inputs_free(in);

    /* the listing skips the files the reading skips (members are the
     * reading's: an archive is one file there) */
    memset(&r, 0, sizeof r);
    in = sgf_inputs_new(paths, 3, on_error, &r);
    sgf_inputs_on_skip(in, on_skip, &r);
    const char *path;
    size_t n = 0;
    static const char *const listed[] = {
        "s/dirs.tar", "s/game.gib", "s/record", "s/tygem", "s/z.zip",
        "s/README",
    };
    while (sgf_inputs_next_file(in, &path) == 1) {
        CHECK(n < sizeof listed / sizeof *listed);
        if (n < sizeof listed / sizeof *listed)
            CHECK_STR(path, at(listed[n]));
        n++;
    }
    CHECK_INT(n, sizeof listed / sizeof *listed);
    CHECK_INT(r.nskip, 5);
    static const char *const list_skips[] = {
        "s/.git", "s/README", "s/blank", "s/pipe", "s/nothing"
    };
    for (size_t i = 0; i < 5 && i < r.nskip; i++)
        CHECK_STR(r.skip_origin[i], at(list_skips[i]));
    sgf_inputs_free(in);
    run_free(&r);
    for (int i = 0; i < 3; i++)
        free(t[i]);
}

/* The walk listed without reading (sgf_inputs_next_file), each file then
 * read through a descriptor under its name (sgf_inputs_from_fd): the
 * members, origins and bytes of one sgf_inputs_new walk, in its order.
 * What a program splitting a run among machines does. */
static void test_list_and_fd(void)
{
    static const char *const files[] = {
        "top.sgf", "missing.sgf", "noext",
        "d/A.SGF", "d/b.sgf", "d/c.sgfs", "d/fake.zip",
        "d/g.sgf.gz", "d/sub/deeper/f.Sgf", "d/sub/e.sgf",
        "d/w.tar", "d/x.zip", "d/y.tar.gz", "d/z.7z",
    };
    size_t nfiles = sizeof files / sizeof files[0];
    struct run whole, part;
    char *t[4], *listed[32];
    const char *paths[4];
    size_t n = 0, k = 0;

    for (int i = 0; i < 4; i++)
        paths[i] = t[i] = strdup(at(i == 0 ? "top.sgf" : i == 1 ? "missing.sgf"
                                    : i == 2 ? "noext" : "d"));
    run(&whole, paths, 4, 4096);

    struct run lr;
    memset(&lr, 0, sizeof lr);
    sgf_inputs *in = sgf_inputs_new(paths, 4, on_error, &lr);
    const char *path;
    while (in && n < 32 && sgf_inputs_next_file(in, &path) == 1)
        listed[n++] = strdup(path);
    CHECK_INT(lr.nerr, 0);          /* missing.sgf fails when it is read */
    sgf_inputs_free(in);
    CHECK_INT(n, nfiles);
    for (size_t i = 0; i < n && i < nfiles; i++)
        CHECK_STR(listed[i], at(files[i]));

    for (size_t i = 0; i < n; i++) {
        int fd = open(listed[i], O_RDONLY);
        if (fd < 0) {
            CHECK_STR(listed[i], at("missing.sgf"));
            continue;
        }
        /* the same bytes under another name than the file's */
        in = sgf_inputs_from_fd(fd, 1, listed[i], on_error, &part);
        CHECK(in != NULL);
        memset(&part, 0, sizeof part);
        sgf_member *m;
        while (in && sgf_inputs_next(in, &m) == 1) {
            size_t len;
            int err;
            char *data = slurp(m, 4096, &len, &err);
            CHECK(k < whole.n);
            if (k < whole.n) {
                CHECK_STR(sgf_member_origin(m), whole.origin[k]);
                CHECK_STR(data, whole.data[k]);
            }
            k++;
            free(data);
        }
        CHECK_INT(part.nerr, 0);
        sgf_inputs_free(in);        /* closes fd */
        CHECK(fcntl(fd, F_GETFD) < 0);
    }
    CHECK_INT(k, whole.n);

    /* a directory given as a descriptor is an error, not a walk */
    memset(&part, 0, sizeof part);
    int dfd = open(at("d"), O_RDONLY);
    in = sgf_inputs_from_fd(dfd, 0, "named", on_error, &part);
    sgf_member *m;
    CHECK_INT(sgf_inputs_next(in, &m), 0);
    CHECK_INT(sgf_inputs_failures(in), 1);
    CHECK_INT(part.nerr, 1);
    if (part.nerr)
        CHECK_STR(part.err_origin[0], "named");
    sgf_inputs_free(in);
    CHECK_INT(close(dfd), 0);       /* own = 0: still open */
    run_free(&part);

    run_free(&whole);
    for (size_t i = 0; i < n; i++)
        free(listed[i]);
    for (int i = 0; i < 4; i++)
        free(t[i]);
}

/* Containers in odd shapes: empty, concatenated gzip, bzip2/xz, larger
 * than the head buffer. */
static void test_shapes(void)
{
    struct run r;
    const char *p[6];
    unsigned char *g1, *g2, *both;
    size_t n1, n2;
    static const unsigned char empty_zip[22] = { 'P', 'K', 5, 6 };
    char *big;
    size_t bign = 300000;

    n1 = gzip_bytes("", 0, &g1);
    write_file(at("empty.sgf.gz"), g1, n1);
    free(g1);
    write_file(at("empty.zip"), empty_zip, sizeof empty_zip);
    write_file(at("empty.sgf"), "", 0);

    /* `cat a.gz b.gz` inside a tar member */
    n1 = gzip_bytes("(;C[one])", 9, &g1);
    n2 = gzip_bytes("(;C[two])", 9, &g2);
    both = malloc(n1 + n2);
    memcpy(both, g1, n1);
    memcpy(both + n1, g2, n2);
    {
        struct entry e[2] = { { "cat.sgf.gz", (const char *)both, n1 + n2 },
                              { NULL, NULL, 0 } };
        make_archive(at("cat.tar"), ARCHIVE_FORMAT_TAR_USTAR,
                     ARCHIVE_FILTER_NONE, e, NULL, 0);
    }
    free(g1);
    free(g2);
    free(both);

    /* bigger than any buffer inside: the head and the rest must join */
    big = malloc(bign + 1);
    for (size_t i = 0; i < bign; i++)
        big[i] = (char)('a' + (i * 7 + i / 13) % 26);
    big[0] = '(';
    big[bign] = '\0';
    write_file(at("big.sgf"), big, bign);
    {
        struct entry e[2] = { { "big.sgf", big, bign }, { NULL, NULL, 0 } };
        size_t have_bz = make_archive(at("big.tar.bz2"), ARCHIVE_FORMAT_TAR_USTAR,
                                      ARCHIVE_FILTER_BZIP2, e, NULL, 0);
        size_t have_xz = make_archive(at("big.tar.xz"), ARCHIVE_FORMAT_TAR_USTAR,
                                      ARCHIVE_FILTER_XZ, e, NULL, 0);
        p[0] = at("empty.sgf.gz");
        p[1] = at("empty.zip");
        p[2] = at("empty.sgf");
        p[3] = at("cat.tar");
        p[4] = at("big.sgf");
        run(&r, p, 5, 1000);
        CHECK_INT(r.failures, 0);
        CHECK_INT(r.n, 4);
        check_member(&r, at("empty.sgf.gz"), "");
        check_member(&r, at("empty.sgf"), "");
        check_member(&r, at("cat.tar:cat.sgf.gz"), "(;C[one])(;C[two])");
        check_member(&r, at("big.sgf"), big);
        run_free(&r);

        p[0] = at("big.tar.bz2");
        p[1] = at("big.tar.xz");
        run(&r, p, 2, 65536);
        CHECK_INT(r.failures, 0);
        CHECK_INT(r.n, (have_bz ? 1 : 0) + (have_xz ? 1 : 0));
        if (have_bz)
            check_member(&r, at("big.tar.bz2:big.sgf"), big);
        else
            printf("skipped: libarchive cannot write bzip2\n");
        if (have_xz)
            check_member(&r, at("big.tar.xz:big.sgf"), big);
        else
            printf("skipped: libarchive cannot write xz\n");
        run_free(&r);
    }
    free(big);
}

/* A zip cut short: the members before the cut are read, the archive is
 * reported once and counted, the next path is still read. */
static void test_corrupt(void)
{
    struct run r;
    const char *p[3];
    size_t cap = 1 << 20, used, nok = 0;
    char *mem = malloc(cap);
    char texts[6][3000];
    struct entry e[7];
    unsigned char *gz;
    size_t n;

    for (int i = 0; i < 6; i++) {
        /* incompressible-ish so that the cut lands inside member data */
        unsigned x = 12345u + (unsigned)i;
        int k = snprintf(texts[i], sizeof texts[i], "(;C[");
        for (; k < (int)sizeof texts[i] - 3; k++) {
            x = x * 1103515245u + 12345u;
            texts[i][k] = (char)('a' + (x >> 16) % 26);
        }
        memcpy(texts[i] + k, "])", 3);
        e[i].name = i == 0 ? "g0.sgf" : i == 1 ? "g1.sgf" : i == 2 ? "g2.sgf"
                  : i == 3 ? "g3.sgf" : i == 4 ? "g4.sgf" : "g5.sgf";
        e[i].data = texts[i];
        e[i].len = 0;
    }
    e[6].name = NULL;
    used = make_archive(NULL, ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE, e, mem,
                        cap);
    CHECK(used > 5000);
    write_file(at("trunc.zip"), mem, used / 2);
    free(mem);

    /* a gzip file cut short: libarchive may see it at once (a small file)
     * or while the member is read (a big one) */
    n = gzip_bytes(texts[0], strlen(texts[0]), &gz);
    write_file(at("short.sgf.gz"), gz, n - 20);
    free(gz);
    {
        size_t bign = 2000000;
        char *big = malloc(bign);
        unsigned x = 7;
        for (size_t i = 0; i < bign; i++) {
            x = x * 1103515245u + 12345u;
            big[i] = (char)('a' + (x >> 16) % 26);
        }
        n = gzip_bytes(big, bign, &gz);
        write_file(at("trunc.sgf.gz"), gz, n / 2);
        free(gz);
        free(big);
    }

    p[0] = at("trunc.zip");
    p[1] = at("trunc.sgf.gz");
    p[2] = at("top.sgf");
    run(&r, p, 3, 4096);
    for (size_t i = 0; i < r.n; i++) {
        char want[600];
        snprintf(want, sizeof want, "%s:g%zu.sgf", at("trunc.zip"), i);
        if (strncmp(r.origin[i], want, strlen(at("trunc.zip")) + 1) != 0)
            break;
        CHECK_STR(r.origin[i], want);
        if (r.read_err[i] == 0) {
            CHECK_STR(r.data[i], texts[i]);
            nok++;
        }
    }
    CHECK(nok >= 1 && nok < 6);
    CHECK_INT(r.failures, 1);
    CHECK_INT(r.nerr, 1);
    if (r.nerr) {
        CHECK_STR(r.err_origin[0], at("trunc.zip"));
        CHECK(strncmp(r.err_msg[0], "cannot read archive '", 21) == 0);
    }
    {
        int g = find(&r, at("trunc.sgf.gz"));
        CHECK(g >= 0);
        if (g >= 0)
            CHECK(r.read_err[g] < 0);
    }
    check_member(&r, at("top.sgf"), "(;C[top])");
    run_free(&r);

    /* inside an archive, a broken gzip member fails alone; zero padding
     * after a good one is ignored */
    {
        unsigned char *g;
        size_t gn = gzip_bytes(REC_D, strlen(REC_D), &g);
        char *pad = calloc(1, gn + 700);
        struct entry te[4] = {
            { "bad.sgf.gz", (const char *)g, gn - 9 },
            { "pad.sgf.gz", pad, gn + 700 },
            { "after.sgf", REC_B, 0 },
            { NULL, NULL, 0 }
        };
        memcpy(pad, g, gn);
        make_archive(at("members.tar"), ARCHIVE_FORMAT_TAR_USTAR,
                     ARCHIVE_FILTER_NONE, te, NULL, 0);
        free(g);
        free(pad);
        p[0] = at("members.tar");
        run(&r, p, 1, 5);
        CHECK_INT(r.n, 3);
        CHECK_INT(r.failures, 0);
        if (r.n == 3) {
            CHECK_STR(r.origin[0], at("members.tar:bad.sgf.gz"));
            CHECK_INT(r.read_err[0], SGF_E_FORMAT);
        }
        check_member(&r, at("members.tar:pad.sgf.gz"), REC_D);
        check_member(&r, at("members.tar:after.sgf"), REC_B);
        run_free(&r);
    }

    p[0] = at("short.sgf.gz");
    run(&r, p, 1, 4096);
    if (r.n == 0) {
        char want[600];
        snprintf(want, sizeof want, "cannot read '%s': ", p[0]);
        CHECK_INT(r.failures, 1);
        CHECK_INT(r.nerr, 1);
        if (r.nerr)
            CHECK(strncmp(r.err_msg[0], want, strlen(want)) == 0);
    } else {
        CHECK_INT(r.n, 1);
        CHECK(r.read_err[0] < 0);
        CHECK_INT(r.failures, 0);
    }
    run_free(&r);

    /* a member read error leaves its message */
    {
        sgf_inputs *in = sgf_inputs_new(p + 1, 1, NULL, NULL);
        sgf_member *m;
        char buf[8192];
        long got = 0;
        CHECK_INT(sgf_inputs_next(in, &m), 1);
        CHECK(sgf_member_error(m) == NULL);
        while ((got = sgf_member_read(m, buf, sizeof buf)) > 0)
            ;
        CHECK(got < 0);
        /* the message is the reason; the caller prefixes the origin */
        CHECK(sgf_member_error(m) != NULL && sgf_member_error(m)[0] != '\0');
        CHECK(sgf_member_error(m) && !strstr(sgf_member_error(m), "trunc.sgf.gz"));
        CHECK_INT(sgf_member_read(m, buf, sizeof buf), got);   /* sticky */
        CHECK_INT(sgf_inputs_next(in, &m), 0);
        CHECK_INT(sgf_inputs_failures(in), 0);
        sgf_inputs_free(in);
    }

    if (geteuid() != 0) {
        write_file(at("locked.sgf"), "(;)", 3);
        chmod(at("locked.sgf"), 0);
        CHECK_INT(mkdir(at("lockdir"), 0755), 0);
        CHECK_INT(mkdir(at("lockdir/in"), 0), 0);
        write_file(at("lockdir/ok.sgf"), "(;)", 3);
        p[0] = at("locked.sgf");
        p[1] = at("lockdir");
        run(&r, p, 2, 4096);
        CHECK_INT(r.failures, 2);
        CHECK_INT(r.n, 1);
        if (r.nerr == 2) {
            CHECK(strstr(r.err_msg[0], strerror(EACCES)) != NULL);
            CHECK_STR(r.err_origin[1], at("lockdir/in"));
        }
        run_free(&r);
        chmod(at("lockdir/in"), 0755);
    } else {
        printf("skipped: permission cases (running as root)\n");
    }
}

/* Standard input: "-" and no path at all; gzip and zip through a pipe. */
static void test_stdin(void)
{
    struct run r;
    const char *dash = "-";
    int saved = dup(0);
    int fd, pfd[2];
    unsigned char *gz;
    size_t n;
    char zip[8192];
    size_t zn;

    n = gzip_bytes("(;C[stdin])", 11, &gz);
    write_file(at("stdin.gz"), gz, n);
    free(gz);
    fd = open(at("stdin.gz"), O_RDONLY);
    dup2(fd, 0);
    close(fd);
    run(&r, NULL, 0, 4096);
    CHECK_INT(r.n, 1);
    check_member(&r, "<stdin>", "(;C[stdin])");
    run_free(&r);

    /* a pipe cannot seek: the zip is read as a stream */
    zn = make_archive(NULL, ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE,
                      archive_entries, zip, sizeof zip);
    CHECK(zn > 0 && zn < 60000);
    CHECK_INT(pipe(pfd), 0);
    CHECK_INT(write(pfd[1], zip, zn), zn);
    close(pfd[1]);
    dup2(pfd[0], 0);
    close(pfd[0]);
    run(&r, &dash, 1, 4096);
    CHECK_INT(r.failures, 0);
    CHECK_INT(r.n, 2);
    check_member(&r, "<stdin>:games/b.sgf", REC_B);
    check_member(&r, "<stdin>:games/d.SGF", REC_D);
    run_free(&r);

    /* sgf_member_from_file over stdin takes the bytes as they are */
    fd = open(at("stdin.gz"), O_RDONLY);
    dup2(fd, 0);
    close(fd);
    {
        sgf_member *m = sgf_member_from_file(stdin, "-");
        size_t len;
        int err;
        char *got;
        CHECK(m != NULL);
        CHECK_STR(sgf_member_origin(m), "-");
        got = slurp(m, 7, &len, &err);
        CHECK_INT(err, 0);
        CHECK_INT(len, n);
        CHECK(len >= 2 && (unsigned char)got[0] == 0x1f
              && (unsigned char)got[1] == 0x8b);
        CHECK_INT(sgf_member_read(m, got, 10), 0);
        free(got);
        sgf_member_free(m);
    }
    dup2(saved, 0);
    close(saved);
    clearerr(stdin);
}

static void test_memory(void)
{
    static const char rec[] = "(;GM[1]C[memory])";
    char buf[8];
    sgf_member *m = sgf_member_from_memory(rec, sizeof rec - 1, "mem.sgf");
    size_t len;
    int err;
    char *got;
    CHECK(m != NULL);
    CHECK_STR(sgf_member_origin(m), "mem.sgf");
    CHECK_INT(sgf_member_read(m, buf, 0), 0);
    CHECK_INT(sgf_member_read(m, buf, 3), 3);
    CHECK(memcmp(buf, "(;G", 3) == 0);
    got = slurp(m, 5, &len, &err);
    CHECK_INT(err, 0);
    CHECK_STR(got, rec + 3);
    CHECK_INT(sgf_member_read(m, buf, sizeof buf), 0);
    CHECK(sgf_member_error(m) == NULL);
    free(got);
    sgf_member_free(m);

    m = sgf_member_from_memory(NULL, 0, "empty");
    CHECK(m != NULL);
    CHECK_INT(sgf_member_read(m, buf, sizeof buf), 0);
    sgf_member_free(m);
    CHECK(sgf_member_from_file(NULL, "x") == NULL);
    CHECK_INT(sgf_member_read(NULL, buf, 1), SGF_E_ARG);
}

/* ---- the real archives ---- */

static uint64_t fnv(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211u;
    return h;
}

struct corpus_member {
    char *archive, *name;
    uint64_t hash;
    size_t len;
};

static int cmp_cm(const void *a, const void *b)
{
    const struct corpus_member *x = a, *y = b;
    return strcmp(x->name, y->name);
}

/* The count a u-go.net or RocAlphaGo archive states in its name
 * ("KGS-2017_01-19-733-.tar.gz", "kgs-subset-554.zip"), 0 if none. */
static long stated_count(const char *archive)
{
    const char *base = strrchr(archive, '/');
    const char *p, *best = NULL;
    base = base ? base + 1 : archive;
    for (p = base; *p; p++)
        if (*p == '-' && p[1] >= '1' && p[1] <= '9')
            best = p + 1;
    if (!best)
        return 0;
    p = best;
    while (*p >= '0' && *p <= '9')
        p++;
    if (*p != '-' && *p != '.')
        return 0;
    return strtol(best, NULL, 10);
}

/* Compares a member with the copy the corpus keeps unpacked in 2-online,
 * when it has one: 1 equal, 0 none kept, -1 different. */
static int compare_extracted(const char *archive, const char *name,
                             const char *data, size_t len)
{
    const char *rel = strstr(archive, "/6-archives/");
    char path[2048];
    FILE *f;
    char *buf;
    size_t n;
    int same;
    if (!rel)
        return 0;
    snprintf(path, sizeof path, "%.*s/2-online/%s_extracted/%s",
             (int)(rel - archive), archive, rel + 12, name);
    f = fopen(path, "rb");
    if (!f)
        return 0;
    buf = malloc(len + 2);
    n = fread(buf, 1, len + 1, f);
    fclose(f);
    same = n == len && memcmp(buf, data, len) == 0;
    free(buf);
    return same ? 1 : -1;
}


static void test_corpus(void)
{
    char corpus[1024], dirbuf[1100];
    const char *dir = dirbuf;
    struct stat st;
    sgf_inputs *in;
    sgf_member *m;
    struct run errs;
    struct corpus_member *cm = NULL;
    size_t n = 0, cap = 0, compared = 0, differ = 0, bad_reads = 0;
    char *buf = malloc(1 << 20);

    harness_corpus(corpus, sizeof corpus, "");
    snprintf(dirbuf, sizeof dirbuf, "%s/6-archives", corpus);
    if (stat(dir, &st) != 0) {
        printf("skipped: %s is absent\n", dir);
        free(buf);
        return;
    }
    memset(&errs, 0, sizeof errs);
    in = sgf_inputs_new(&dir, 1, on_error, &errs);
    while (sgf_inputs_next(in, &m) == 1) {
        const char *o = sgf_member_origin(m);
        const char *colon = strrchr(o, ':');
        size_t len = 0;
        long r;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            cm = xrealloc(cm, cap * sizeof *cm);
        }
        while ((r = sgf_member_read(m, buf + len, (1 << 20) - len)) > 0)
            len += (size_t)r;
        if (r < 0 || !colon) {
            bad_reads++;
            fprintf(stderr, "%s: %s\n", o, r < 0 ? sgf_member_error(m)
                                              : "not inside an archive");
            continue;
        }
        cm[n].archive = strndup(o, (size_t)(colon - o));
        cm[n].name = strdup(colon + 1);
        cm[n].hash = fnv(buf, len);
        cm[n].len = len;
        switch (compare_extracted(cm[n].archive, cm[n].name, buf, len)) {
        case 1: compared++; break;
        case -1: differ++; fprintf(stderr, "differs: %s\n", o); break;
        default: break;
        }
        n++;
    }
    CHECK_INT(sgf_inputs_failures(in), 0);
    CHECK_INT(errs.nerr, 0);
    CHECK_INT(bad_reads, 0);
    CHECK_INT(differ, 0);
    sgf_inputs_free(in);

    /* members per archive against the count the archive's name states */
    {
        size_t i = 0, archives = 0, stated = 0;
        while (i < n) {
            size_t j = i;
            long want;
            while (j < n && strcmp(cm[j].archive, cm[i].archive) == 0)
                j++;
            want = stated_count(cm[i].archive);
            printf("  %s: %zu members\n", cm[i].archive + strlen(corpus) + 1,
                   j - i);
            if (want > 0) {
                CHECK_INT(j - i, want);
                stated++;
            }
            archives++;
            i = j;
        }
        CHECK(archives >= 1);
        printf("  %zu members in %zu archives; %zu counts checked against names, "
               "%zu members against unpacked copies\n",
               n, archives, stated, compared);
    }

    /* the RocAlphaGo zip and tar.gz hold the same games byte for byte */
    {
        struct corpus_member *zip = malloc((n + 1) * sizeof *zip);
        struct corpus_member *tgz = malloc((n + 1) * sizeof *tgz);
        size_t nz = 0, nt = 0;
        for (size_t i = 0; i < n; i++) {
            if (!strstr(cm[i].archive, "kgs-subset-554"))
                continue;
            if (strstr(cm[i].archive, ".zip"))
                zip[nz++] = cm[i];
            else
                tgz[nt++] = cm[i];
        }
        if (nz && nt) {
            size_t same = 0;
            qsort(zip, nz, sizeof *zip, cmp_cm);
            qsort(tgz, nt, sizeof *tgz, cmp_cm);
            CHECK_INT(nz, nt);
            for (size_t i = 0; i < nz && i < nt; i++)
                if (strcmp(zip[i].name, tgz[i].name) == 0
                    && zip[i].hash == tgz[i].hash && zip[i].len == tgz[i].len)
                    same++;
            CHECK_INT(same, nz);
        }
        free(zip);
        free(tgz);
    }
    for (size_t i = 0; i < n; i++) {
        free(cm[i].archive);
        free(cm[i].name);
    }
    free(cm);
    free(buf);
    run_free(&errs);
}

/* Member names in every charset they come in, read the same whatever the
 * process's locale: names the format stores in Unicode (zip's flagged
 * UTF-8, 7z's UTF-16, pax's UTF-8), raw bytes in GBK, CP949, Shift-JIS,
 * code page 437 (zip's default) and Windows-1252 (tar), unflagged UTF-8;
 * control characters shown as \xNN; a name libarchive cannot convert
 * (bytes that are not UTF-8 in a zip name flagged UTF-8) is the member's
 * number, and the member is read all the same. */
struct named {
    const char *file;           /* made in tmp/n/ */
    int format;
    bool unicode;               /* written in a UTF-8 locale */
    const struct entry *e;
    const char *want[2];        /* origins after "tmp/n/file:" */
};

static const char REC_N[] = "(;GM[1]C[named])";
#define NAMES(...) (const struct entry[]){ __VA_ARGS__, { NULL, NULL, 0 } }
/* the same raw names in a zip and in a tar */
#define GBK_NAMES NAMES( \
    { "\xC6\xE5\xC6\xD7" "3.sgf", REC_N, 0 }, \
    { "\xCE\xE2\xC7\xE5\xD4\xB4-\xC4\xBE\xB9\xC8\xCA\xB5.sgf", REC_N, 0 })
#define GBK_WANT { "棋谱3.sgf", "吴清源-木谷实.sgf" }
#define CP949_NAMES NAMES( \
    { "\xB1\xE2\xBA\xB8.sgf", REC_N, 0 }, \
    { "\xC0\xCC\xBC\xBC\xB5\xB9-\xB9\xDA\xC1\xA4\xC8\xAF.sgf", REC_N, 0 })
#define CP949_WANT { "기보.sgf", "이세돌-박정환.sgf" }
#define SJIS_NAMES NAMES( \
    { "\x8A\xFB\x95\x88.sgf", REC_N, 0 }, \
    { "\x96\x7B\x88\xF6\x96\x56\x8F\x47\x8D\xF4.sgf", REC_N, 0 })
#define SJIS_WANT { "棋譜.sgf", "本因坊秀策.sgf" }

static const struct named named[] = {
    { "flagged.zip", ARCHIVE_FORMAT_ZIP, true,
      NAMES({ "caf\xC3\xA9.sgf", REC_N, 0 },
            { "\xE6\xA3\x8B\xE8\xB0\xB1.sgf", REC_N, 0 }),
      { "café.sgf", "棋谱.sgf" } },
    { "utf16.7z", ARCHIVE_FORMAT_7ZIP, true,
      NAMES({ "\xEA\xB8\xB0\xEB\xB3\xB4.sgf", REC_N, 0 },
            { "\xE6\xA3\x8B\xE8\xAD\x9C.sgf", REC_N, 0 }),
      { "기보.sgf", "棋譜.sgf" } },
    { "pax.tar", ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, true,
      NAMES({ "caf\xC3\xA9.sgf", REC_N, 0 },
            { "a\tb/\xE6\xA3\x8B.sgf", REC_N, 0 }),
      { "café.sgf", "a\\x09b/棋.sgf" } },
    /* GBK bytes in a name flagged UTF-8: no name, the member's number
     * (directories count: the tar-like listing order) */
    { "badflag.zip", ARCHIVE_FORMAT_ZIP, true,
      NAMES({ "dir", NULL, 0 }, { "\xC6\xE5\xC6\xD7.sgf", REC_N, 0 }),
      { "#2", NULL } },
    { "utf8.zip", ARCHIVE_FORMAT_ZIP, false,
      NAMES({ "\xE6\xA3\x8B\xE8\xB0\xB1" "2.sgf", REC_N, 0 }),
      { "棋谱2.sgf", NULL } },
    { "gbk.zip", ARCHIVE_FORMAT_ZIP, false, GBK_NAMES, GBK_WANT },
    { "cp949.zip", ARCHIVE_FORMAT_ZIP, false, CP949_NAMES, CP949_WANT },
    { "sjis.zip", ARCHIVE_FORMAT_ZIP, false, SJIS_NAMES, SJIS_WANT },
    { "cp437.zip", ARCHIVE_FORMAT_ZIP, false,
      NAMES({ "M\x81ller.sgf", REC_N, 0 }, { "caf\x82.sgf", REC_N, 0 }),
      { "Müller.sgf", "café.sgf" } },
    { "gbk.tar", ARCHIVE_FORMAT_TAR_GNUTAR, false, GBK_NAMES, GBK_WANT },
    { "cp949.tar", ARCHIVE_FORMAT_TAR_USTAR, false, CP949_NAMES, CP949_WANT },
    { "sjis.tar", ARCHIVE_FORMAT_TAR_GNUTAR, false, SJIS_NAMES, SJIS_WANT },
    { "latin.tar", ARCHIVE_FORMAT_TAR_GNUTAR, false,
      NAMES({ "M\xFCller.sgf", REC_N, 0 }, { "Se\xF1or\x7F.sgf", REC_N, 0 }),
      { "Müller.sgf", "Señor\\x7F.sgf" } },
};
enum { NNAMED = sizeof named / sizeof named[0] };

static void read_named(const char *locale)
{
    struct run r;
    const char *paths[NNAMED];
    size_t want = 0, got_failures;
    for (size_t i = 0; i < NNAMED; i++)
        paths[i] = named[i].file;
    run(&r, paths, NNAMED, 4096);
    got_failures = r.failures;
    for (size_t i = 0; i < NNAMED; i++)
        for (size_t k = 0; k < 2 && named[i].want[k]; k++) {
            char origin[512];
            snprintf(origin, sizeof origin, "%s:%s", named[i].file,
                     named[i].want[k]);
            if (find(&r, origin) < 0)
                fprintf(stderr, "in the %s locale:\n", locale);
            check_member(&r, origin, REC_N);
            want++;
        }
    CHECK_INT(r.n, want);
    CHECK_INT(got_failures, 0);
    run_free(&r);
}

static void test_member_names(void)
{
    char cwd[1024];
    bool utf8 = setlocale(LC_ALL, "C.UTF-8") != NULL;
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    CHECK_INT(mkdir(at("n"), 0755), 0);
    CHECK_INT(chdir(at("n")), 0);
    for (size_t i = 0; i < NNAMED; i++) {
        if (named[i].unicode && !utf8)
            continue;
        /* the writer converts names from the locale's charset: a UTF-8
         * locale for the Unicode ones, the C locale to store bytes */
        setlocale(LC_ALL, named[i].unicode ? "C.UTF-8" : "C");
        make_archive(named[i].file, named[i].format, ARCHIVE_FILTER_NONE,
                     named[i].e, NULL, 0);
    }
    setlocale(LC_ALL, "C");
    if (!utf8) {
        printf("skipped: no C.UTF-8 locale to write names in Unicode\n");
    } else {
        read_named("C");
        setlocale(LC_ALL, "C.UTF-8");
        read_named("C.UTF-8");
        setlocale(LC_ALL, "C");
    }
    CHECK_INT(chdir(cwd), 0);
}

static void rm_rf(const char *path)
{
    pid_t pid = fork();
    if (pid == 0) {
        execlp("rm", "rm", "-rf", path, (char *)NULL);
        _exit(127);
    }
    if (pid > 0)
        waitpid(pid, NULL, 0);
}

/* The progress the iterator reports (sgf_inputs_get_progress): the total
 * is the sizes of the files the walk lists, it grows while directories are
 * unlisted, and at the end every byte and file of it is done. */
static uint64_t file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (uint64_t)st.st_size : 0;
}

static void test_progress(void)
{
    const char *paths[2] = { at("top.sgf"), NULL };
    char *top = strdup(paths[0]);
    paths[0] = top;
    paths[1] = at("d");
    uint64_t want_bytes = 0, want_files = 0;
    const char *path;
    sgf_inputs *in = sgf_inputs_new(paths, 2, NULL, NULL);
    while (in && sgf_inputs_next_file(in, &path) == 1) {
        want_bytes += file_size(path);
        want_files++;
    }
    sgf_inputs_free(in);
    CHECK(want_files >= 10);

    sgf_inputs_progress pr;
    in = sgf_inputs_new(paths, 2, NULL, NULL);
    CHECK_INT(sgf_inputs_track_progress(in), 0);
    CHECK_INT(sgf_inputs_track_progress(in), SGF_E_ARG);
    sgf_inputs_get_progress(in, &pr);
    /* d is not listed yet: the total is top.sgf's, "about" */
    CHECK_INT(pr.total_final, 0);
    CHECK_INT(pr.size_unknown, 0);
    CHECK_INT(pr.files_total, 1);
    CHECK_INT(pr.bytes_total, file_size(top));
    CHECK_INT(pr.bytes_done, 0);

    sgf_member *m;
    uint64_t last = 0;
    int monotonic = 1, final_before_end = 0;
    char buf[512];
    while (sgf_inputs_next(in, &m) == 1) {
        while (sgf_member_read(m, buf, sizeof buf) > 0)
            ;
        sgf_inputs_get_progress(in, &pr);
        if (pr.bytes_done < last || pr.bytes_done > pr.bytes_total)
            monotonic = 0;
        last = pr.bytes_done;
        final_before_end |= pr.total_final;
    }
    sgf_inputs_get_progress(in, &pr);
    CHECK(monotonic);
    CHECK(final_before_end);
    CHECK_INT(pr.total_final, 1);
    CHECK_INT(pr.bytes_total, want_bytes);
    CHECK_INT(pr.files_total, want_files);
    CHECK_INT(pr.bytes_done, want_bytes);
    CHECK_INT(pr.files_done, want_files);
    sgf_inputs_free(in);

    /* too late once reading began; standard input has no size */
    in = sgf_inputs_new(paths, 1, NULL, NULL);
    CHECK_INT(sgf_inputs_next(in, &m), 1);
    CHECK_INT(sgf_inputs_track_progress(in), SGF_E_ARG);
    sgf_inputs_free(in);
    const char *dash = "-";
    in = sgf_inputs_new(&dash, 1, NULL, NULL);
    CHECK_INT(sgf_inputs_track_progress(in), 0);
    sgf_inputs_get_progress(in, &pr);
    CHECK_INT(pr.size_unknown, 1);
    CHECK_INT(pr.total_final, 0);
    sgf_inputs_free(in);
    free(top);
}

/* The games an iterator reports after its members were read, each with
 * sgf_reader_next (how 0), sgf_reader_next_raw (1), or the two in turns
 * (2, as the tools' -j N reads a member); *trees gets the games with a
 * tree the reader gave, *members the members. */
static uint64_t games_read(const char *dir, int how, uint64_t *trees,
                           size_t *members)
{
    sgf_inputs *in = sgf_inputs_new(&dir, 1, NULL, NULL);
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_inputs_progress pr = { 0 };
    sgf_member *m;
    size_t calls = 0;
    int in_step = 1;
    *trees = 0;
    *members = 0;
    CHECK(in && r);
    CHECK_INT(sgf_inputs_track_progress(in), 0);
    while (in && r && sgf_inputs_next(in, &m) == 1) {
        ++*members;
        sgf_reader_start(r, m);
        for (;; calls++) {
            const sgf_game *read;
            sgf_game *g = NULL, *parsed = NULL;
            sgf_raw_game raw;
            int rc;
            if (how == 1 || (how == 2 && calls % 2)) {
                rc = sgf_reader_next_raw(r, &raw);
                if (rc == 1)
                    parsed = sgf_game_parse(&raw, NULL);
                read = parsed;
            } else {
                rc = sgf_reader_next(r, &g);
                read = g;
            }
            if (rc != 1)
                break;
            *trees += read && sgf_game_root(read) != NULL;
            sgf_game_free(parsed);
            sgf_inputs_get_progress(in, &pr);
            in_step &= pr.games_done == *trees;
        }
    }
    CHECK(in_step);
    sgf_inputs_get_progress(in, &pr);
    CHECK_INT(pr.files_done, 5);
    sgf_reader_free(r);
    sgf_inputs_free(in);
    return pr.games_done;
}

/* Games read from an iterator's members count in its progress, whichever
 * reader call read them, and only games with a tree: a folder with a
 * three-game file, a stray ')' after them, an empty file, a zip of a
 * two-game member, a blank one and a one-game gzipped one, and first a
 * record of another format (NGF) and one that is none (an HTML page named
 * .ugi), which the reader converts before it reads SGF again. */
static void test_progress_games(void)
{
    static const char multi[] = "(;GM[1]C[one])\n(;GM[1]C[two];B[aa])\n"
                                "(;GM[1]C[three])\n)\n";
    static const char two[] = "(;GM[1]C[z1])(;GM[1]C[z2])";
    static const char one[] = "(;GM[1]C[z3])";
    static const char ngf[] = "game\n19\nwhite      9DP\nblack      9DP\n"
                              "www.cyberoro.com\n0\n0\n7\n20170316 [09:37]\n"
                              "5\nWhite wins by resign!\n2\nPMABBQEEQ\n"
                              "PMACWEQQE\n";
    static const char html[] = "<html><body>Kifu not found</body></html>";
    unsigned char *gz;
    size_t gz_len = gzip_bytes(one, strlen(one), &gz);
    struct entry zip[] = {
        { "two.sgf", two, 0 },
        { "blank.sgf", " \n", 0 },
        { "one.sgf.gz", (const char *)gz, gz_len },
        { NULL, NULL, 0 }
    };
    CHECK_INT(mkdir(at("pg"), 0755), 0);
    write_file(at("pg/multi.sgf"), multi, strlen(multi));
    write_file(at("pg/empty.sgf"), "", 0);
    write_file(at("pg/a-wbaduk.ngf"), ngf, strlen(ngf));
    write_file(at("pg/b-page.ugi"), html, strlen(html));
    make_archive(at("pg/games.zip"), ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE,
                 zip, NULL, 0);
    free(gz);

    const char *dir = at("pg");
    for (int how = 0; how < 3; how++) {
        uint64_t trees;
        size_t members;
        CHECK_INT(games_read(dir, how, &trees, &members), 7);
        CHECK_INT(trees, 7);
        CHECK_INT(members, 7);  /* the zip's three, and a member a file */
    }

    /* a member made in place of one of the iterator's counts for it */
    sgf_inputs *in = sgf_inputs_new(&dir, 1, NULL, NULL);
    sgf_reader *r = sgf_reader_new(NULL);
    sgf_member *m, *alt, *loose, *undone;
    sgf_inputs_progress pr;
    sgf_game *g;
    CHECK_INT(sgf_inputs_next(in, &m), 1);
    alt = sgf_member_from_memory(two, strlen(two), "alt.sgf");
    loose = sgf_member_from_memory(one, strlen(one), "loose.sgf");
    undone = sgf_member_from_memory(two, strlen(two), "undone.sgf");
    sgf_member_counts_for(alt, m);
    sgf_member_counts_for(undone, m);
    sgf_member_counts_for(undone, NULL);
    sgf_member *each[] = { alt, loose, undone };
    for (size_t i = 0; i < 3; i++) {
        sgf_reader_start(r, each[i]);
        while (sgf_reader_next(r, &g) == 1)
            ;
    }
    sgf_reader_start(r, NULL);
    sgf_inputs_get_progress(in, &pr);
    CHECK_INT(pr.games_done, 2);    /* alt's: loose and undone count nowhere */
    for (size_t i = 0; i < 3; i++)
        sgf_member_free(each[i]);
    sgf_reader_free(r);
    sgf_inputs_free(in);
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/sgfkit-inputs-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    test_magic_only();
    make_tree();
    make_archives();
    test_walk();
    test_list_and_fd();
    test_skips();
    test_progress();
    test_progress_games();
    test_shapes();
    test_corrupt();
    test_stdin();
    test_memory();
    test_member_names();
    test_corpus();
    rm_rf(tmp);
    TEST_END();
}
