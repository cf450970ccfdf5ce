/*
 * inputs.c - paths become members: plain files, directories walked in
 * sorted order, standard input, gzip streams and archive members.
 *
 * Plain files are the hot path (tens of thousands of one-game files a
 * second), so they never touch libarchive or stdio: open(), one read() into
 * a buffer the iterator keeps, close().  The first bytes decide what a file
 * is (magic bytes, never the name); only containers go through libarchive,
 * which streams them without unpacking anything to disk.  See doc/inputs.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>
#include <zlib.h>

#include "common/grow.h"
#include "common/textscan.h"
#include "formats/formats.h"
#include "input/inputs.h"
#include "input/member_names.h"
#include "sgfkit.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* One read() takes a whole typical record (2-20 KB), so a small file costs
 * open, read, read (end), close. */
enum { PEEK_SIZE = 64 * 1024, BLOCK_SIZE = 64 * 1024, MBUF_SIZE = 64 * 1024 };
/* Bytes needed to see every magic we know: tar's "ustar" sits at 257. */
enum { MAGIC_MIN = 262 };
/* What a name without a suffix is read for, as the reader sniffs it. */
enum { SNIFF_MIN = 4096 };
enum { MSG_SIZE = 1024 };

static const char STDIN_ORIGIN[] = "<stdin>";

enum member_kind { MK_NONE, MK_MEMORY, MK_STDIO, MK_FD, MK_ARCHIVE };

struct sgf_member {
    enum member_kind kind;
    const char *origin;
    /* bytes served before the source: the peeked head of a file, the
     * first block of an archive member, or all of a memory member */
    const unsigned char *pre;
    size_t pre_len, pre_pos;
    int fd;                 /* MK_FD */
    FILE *f;                /* MK_STDIO */
    sgf_inputs *in;         /* owner (archive handle, inflate state) */
    bool eof;               /* the source has nothing after pre */
    bool gz;                /* bytes are inflated (gzip member of an archive) */
    bool gz_end;            /* a gzip stream ended; another may follow */
    bool standalone;        /* made by sgf_member_from_*: freed by the caller */
    sgf_inputs *counts_in;  /* whose games_done its games add to, or NULL */
    int failed;             /* sticky SGF_E_* once a read failed */
    char err[MSG_SIZE];
};

/* One directory being walked.  Entries are "T" "name" "\0" back to back,
 * T being 'd' (directory), 'f' (regular file), 's' (neither) or '?' (stat
 * needed). */
struct dir_frame {
    char *names;
    size_t names_len, names_cap;
    const char **ents;
    size_t n, cap, next;
    size_t path_len;        /* length of this directory's path in in->path */
    dev_t dev;
    ino_t ino;
};

struct sgf_inputs {
    const char *const *paths;
    size_t npaths, next_path;
    bool stdin_default, stdin_done;
    sgf_input_error_fn on_error;
    void *ctx;
    size_t failures;
    sgf_input_skip_fn on_skip;
    void *skip_ctx;
    size_t skipped[SGF_SKIP_REASONS];

    /* sgf_inputs_from_fd: the one input, its name, whether it is ours */
    int given_fd;
    bool given_own, given_done;
    char *given_origin;

    sgf_member m;           /* the current member, reused */

    /* directory walk */
    struct dir_frame *frames;
    size_t depth, nframes;
    char *path;
    size_t path_cap;

    /* the file being read: fd and its peeked head */
    int fd;
    bool close_fd;
    unsigned char *peek;
    size_t peek_len, peek_pos;
    bool src_eof;
    off_t src_base;         /* fd offset of the head (stdin may start mid-file) */
    int64_t src_pos;        /* bytes handed to libarchive so far */

    /* the archive being read */
    struct archive *ar;
    size_t ar_index;        /* headers read so far: "#N" names member N */
    locale_t utf8_ctype;    /* the thread's LC_CTYPE around libarchive */
    bool utf8_tried;
    member_names names;     /* member names to UTF-8 */
    bool ar_raw_ok;         /* a bare compressed stream is one member */
    bool ar_entries;        /* some header was read */
    bool ar_files;          /* ... of a file */
    bool ar_raw;            /* ... and it is the one bare stream */
    bool ar_dead;           /* a member read hit a fatal error: ar_msg says why */
    bool ar_io;             /* the failure came from read(), not the data */
    char *ar_path;          /* copy of the archive's origin */
    size_t ar_path_cap;
    char *origin;           /* "archive:member" or "archive:#N" */
    size_t origin_cap;
    unsigned char *block;   /* libarchive's read buffer */
    unsigned char *mbuf;    /* archive member head, then inflate input */
    z_stream z;
    bool z_init;

    char msg[MSG_SIZE];
    char ar_msg[MSG_SIZE];

    /* sgf_inputs_track_progress: sizes from the stat of each file as the
     * inputs are expanded, bytes as read from the file (compressed ones
     * for gzip files and archives) */
    bool track;
    bool size_open;         /* an input of unknown size (a pipe, stdin) */
    size_t dirs_unlisted;   /* directories found but not listed yet */
    uint64_t bytes_total, files_total, bytes_done, files_done;
    uint64_t games_done;    /* counted by the sgf layer (inputs_count_game) */
    bool file_open;         /* a file is being read: cur_* describe it */
    bool cur_sized;
    uint64_t cur_read, cur_size;
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

static void fail(sgf_inputs *in, const char *origin, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static void fail(sgf_inputs *in, const char *origin, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->msg, sizeof in->msg, fmt, ap);
    va_end(ap);
    in->failures++;
    if (in->on_error)
        in->on_error(in->ctx, origin, in->msg);
}

/* An input not read by the walk's policy: named and counted, never a
 * failure.  The message is "skipped 'origin': REASON (detail)". */
static const char *const skip_reasons[SGF_SKIP_REASONS] = {
    [SGF_SKIP_NOT_RECORD] = "not a game record",
    [SGF_SKIP_HIDDEN] = "hidden",
    [SGF_SKIP_SPECIAL] = "not a regular file",
    [SGF_SKIP_LINK_LOOP] = "a link loop",
    [SGF_SKIP_EMPTY] = "empty",
};

static void skip(sgf_inputs *in, const char *origin, sgf_skip_reason why,
                 const char *fmt, ...) PRINTF_LIKE(4, 5);
static void skip(sgf_inputs *in, const char *origin, sgf_skip_reason why,
                 const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(in->msg, sizeof in->msg, "skipped '%s': %s (", origin,
                     skip_reasons[why]);
    if (n < 0 || (size_t)n >= sizeof in->msg - 1)
        n = 0;
    va_start(ap, fmt);
    int d = vsnprintf(in->msg + n, sizeof in->msg - (size_t)n - 1, fmt, ap);
    va_end(ap);
    if (d >= 0) {
        size_t end = strlen(in->msg);
        in->msg[end] = ')';
        in->msg[end + 1] = '\0';
    }
    in->skipped[why]++;
    if (in->on_skip)
        in->on_skip(in->skip_ctx, origin, why, in->msg);
}

static long member_fail(sgf_member *m, int code, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static long member_fail(sgf_member *m, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err, sizeof m->err, fmt, ap);
    va_end(ap);
    m->failed = code;
    return code;
}


static bool set_str(char **buf, size_t *cap, const char *a, size_t alen,
                    const char *b)
{
    size_t blen = b ? strlen(b) : 0;
    char *q = grow(*buf, cap, alen + blen + 2, 1);
    if (!q)
        return false;
    *buf = q;
    memcpy(*buf, a, alen);
    if (b) {
        (*buf)[alen] = ':';
        memcpy(*buf + alen + 1, b, blen);
        (*buf)[alen + 1 + blen] = '\0';
    } else {
        (*buf)[alen] = '\0';
    }
    return true;
}


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

static bool is_archive_name(const char *name)
{
    return any_suffix(name, archive_suffixes);
}

/* What a walk does with a name (not a hidden one, see below). */
enum walk_name { WN_READ, WN_SNIFF, WN_SKIP };

static enum walk_name walk_name(const char *name)
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

const char *sgf_skip_reason_name(int why)
{
    return why >= 0 && why < SGF_SKIP_REASONS ? skip_reasons[why] : NULL;
}

/* What a walk says when it skips a file for its name. */
static void skip_by_name(sgf_inputs *in, const char *origin, const char *name)
{
    if (is_archive_name(name))
        skip(in, origin, SGF_SKIP_NOT_RECORD,
             "an archive inside an archive is not read");
    else
        skip(in, origin, SGF_SKIP_NOT_RECORD, "by its name");
}

/* Why a file whose name says nothing was skipped, after its first bytes. */
static const char *not_record_head(size_t len)
{
    return len ? "its name has no suffix, and its first bytes are no "
                 "record's"
               : "an empty file whose name has no suffix";
}

static ssize_t read_retry(int fd, void *buf, size_t n)
{
    ssize_t r;
    do
        r = read(fd, buf, n);
    while (r < 0 && errno == EINTR);
    return r;
}

/* ------------------------------------------------------------------ */
/* What the head of a file is                                          */

enum sniff { SNIFF_PLAIN, SNIFF_COMPRESSED, SNIFF_ARCHIVE };

static enum sniff sniff(const unsigned char *p, size_t n)
{
    static const unsigned char sevenz[6] = { '7', 'z', 0xBC, 0xAF, 0x27, 0x1C };
    static const unsigned char xz[6] = { 0xFD, '7', 'z', 'X', 'Z', 0x00 };
    static const unsigned char zstd[4] = { 0x28, 0xB5, 0x2F, 0xFD };

    if (n >= 2 && p[0] == 0x1F && p[1] == 0x8B)
        return SNIFF_COMPRESSED;
    if (n >= 4 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h'
        && p[3] >= '1' && p[3] <= '9')
        return SNIFF_COMPRESSED;
    if (n >= 6 && memcmp(p, xz, 6) == 0)
        return SNIFF_COMPRESSED;
    if (n >= 4 && memcmp(p, zstd, 4) == 0)
        return SNIFF_COMPRESSED;
    if (n >= 4 && p[0] == 'P' && p[1] == 'K'
        && ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6)))
        return SNIFF_ARCHIVE;
    if (n >= 6 && memcmp(p, sevenz, 6) == 0)
        return SNIFF_ARCHIVE;
    if (n >= 262 && memcmp(p + 257, "ustar", 5) == 0)
        return SNIFF_ARCHIVE;
    return SNIFF_PLAIN;
}

/* ------------------------------------------------------------------ */
/* Reading a member                                                    */

static long source_read(sgf_member *m, void *buf, size_t n)
{
    switch (m->kind) {
    case MK_FD: {
        ssize_t r = read_retry(m->fd, buf, n);
        if (r < 0)
            return member_fail(m, SGF_E_IO, "read error: %s", strerror(errno));
        m->in->cur_read += (uint64_t)r;
        return (long)r;
    }
    case MK_STDIO: {
        size_t r = fread(buf, 1, n, m->f);
        if (r == 0 && ferror(m->f))
            return member_fail(m, SGF_E_IO, "read error: %s", strerror(errno));
        return (long)r;
    }
    case MK_ARCHIVE: {
        sgf_inputs *in = m->in;
        la_ssize_t r = archive_read_data(in->ar, buf, n);
        const char *e;
        if (r >= 0)
            return (long)r;
        e = archive_error_string(in->ar);
        if (!e)
            e = "unknown error";
        if (r == ARCHIVE_FATAL) {
            /* libarchive forgets the reason once it is in its fatal state;
             * keep it for the report on the archive itself. */
            in->ar_dead = true;
            snprintf(in->ar_msg, sizeof in->ar_msg, "%s", e);
        }
        return member_fail(m, in->ar_io ? SGF_E_IO : SGF_E_FORMAT,
                           in->ar_io ? "read error: %s" : "%s", e);
    }
    default:
        return 0;
    }
}

static long gz_read(sgf_member *m, unsigned char *buf, size_t n)
{
    sgf_inputs *in = m->in;
    z_stream *z = &in->z;

    if (n > UINT_MAX)
        n = UINT_MAX;
    z->next_out = buf;
    z->avail_out = (uInt)n;
    while (z->avail_out == n) {
        int zr;
        if (z->avail_in == 0 && !m->eof) {
            long r = source_read(m, in->mbuf, MBUF_SIZE);
            if (r < 0)
                return r;
            if (r == 0)
                m->eof = true;
            z->next_in = in->mbuf;
            z->avail_in = (uInt)r;
        }
        if (m->gz_end) {
            if (z->avail_in == 0 && !m->eof)
                continue;
            /* `cat a.gz b.gz` is a valid gzip file; anything else after
             * the end (zero padding) is ignored, as gzip(1) does. */
            if (z->avail_in == 0 || z->next_in[0] != 0x1F) {
                m->eof = true;
                z->avail_in = 0;
                return 0;
            }
            inflateReset(z);
            m->gz_end = false;
        }
        zr = inflate(z, Z_NO_FLUSH);
        if (zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR &&
            z->avail_out < n) {
            /* Hand out what was inflated before the damage; the next call
             * reports it (m->failed).  Never drop good bytes. */
            member_fail(m, zr == Z_MEM_ERROR ? SGF_E_NOMEM : SGF_E_FORMAT,
                        "corrupt gzip data: %s", z->msg ? z->msg : "unknown error");
            return (long)(n - z->avail_out);
        }
        if (zr == Z_STREAM_END) {
            m->gz_end = true;
        } else if (zr == Z_MEM_ERROR) {
            return member_fail(m, SGF_E_NOMEM, "out of memory");
        } else if (zr == Z_BUF_ERROR) {
            if (z->avail_in == 0 && m->eof)
                return member_fail(m, SGF_E_FORMAT, "truncated gzip data");
        } else if (zr != Z_OK) {
            return member_fail(m, SGF_E_FORMAT, "corrupt gzip data: %s",
                               z->msg ? z->msg : "unknown error");
        }
    }
    return (long)(n - z->avail_out);
}

long sgf_member_read(sgf_member *m, void *buf, size_t n)
{
    if (!m || (!buf && n))
        return SGF_E_ARG;
    if (m->failed)
        return m->failed;
    if (n == 0)
        return 0;
    if (n > LONG_MAX)
        n = LONG_MAX;
    if (m->gz)
        return gz_read(m, buf, n);
    if (m->pre_pos < m->pre_len) {
        size_t k = m->pre_len - m->pre_pos;
        if (k > n)
            k = n;
        memcpy(buf, m->pre + m->pre_pos, k);
        m->pre_pos += k;
        return (long)k;
    }
    if (m->eof)
        return 0;
    {
        long r = source_read(m, buf, n);
        if (r == 0)
            m->eof = true;
        return r;
    }
}

const char *sgf_member_origin(const sgf_member *m)
{
    return m && m->origin ? m->origin : "";
}

const char *sgf_member_error(const sgf_member *m)
{
    return m && m->failed ? m->err : NULL;
}

static sgf_member *standalone(const char *origin)
{
    size_t len = strlen(origin ? origin : "");
    sgf_member *m = calloc(1, sizeof *m + len + 1);
    char *o;
    if (!m)
        return NULL;
    o = (char *)(m + 1);
    memcpy(o, origin ? origin : "", len + 1);
    m->origin = o;
    m->standalone = true;
    m->fd = -1;
    return m;
}

sgf_member *sgf_member_from_memory(const void *data, size_t len,
                                   const char *origin)
{
    sgf_member *m;
    if (!data && len)
        return NULL;
    m = standalone(origin);
    if (!m)
        return NULL;
    m->kind = MK_MEMORY;
    m->pre = data;
    m->pre_len = len;
    m->eof = true;
    return m;
}

sgf_member *sgf_member_from_file(FILE *f, const char *origin)
{
    sgf_member *m;
    if (!f)
        return NULL;
    m = standalone(origin);
    if (!m)
        return NULL;
    m->kind = MK_STDIO;
    m->f = f;
    return m;
}

void sgf_member_counts_for(sgf_member *m, const sgf_member *from)
{
    if (m && m->standalone)
        m->counts_in = from ? from->counts_in : NULL;
}

void inputs_count_game(sgf_member *m)
{
    if (m && m->counts_in)
        m->counts_in->games_done++;
}

void sgf_member_free(sgf_member *m)
{
    if (m && m->standalone)
        free(m);
}

/* ------------------------------------------------------------------ */
/* Archives and compressed streams (libarchive)                        */

static la_ssize_t ar_read_cb(struct archive *a, void *data, const void **buf)
{
    sgf_inputs *in = data;
    ssize_t r;
    if (in->peek_pos < in->peek_len) {
        size_t k = in->peek_len - in->peek_pos;
        *buf = in->peek + in->peek_pos;
        in->peek_pos = in->peek_len;
        in->src_pos += (int64_t)k;
        return (la_ssize_t)k;
    }
    if (in->src_eof)
        return 0;
    r = read_retry(in->fd, in->block, BLOCK_SIZE);
    if (r < 0) {
        in->ar_io = true;
        archive_set_error(a, errno, "%s", strerror(errno));
        return ARCHIVE_FATAL;
    }
    if (r == 0)
        in->src_eof = true;
    in->src_pos += r;
    in->cur_read += (uint64_t)r;
    *buf = in->block;
    return r;
}

/* The buffers compressed input is read into (archives and gzip files
 * only: plain files never need them). */
static bool ensure_buffers(sgf_inputs *in)
{
    if (!in->block) {
        in->block = malloc(BLOCK_SIZE + MBUF_SIZE);
        if (!in->block)
            return false;
        in->mbuf = in->block + BLOCK_SIZE;
    }
    return true;
}

/* Offered only for seekable inputs: zip's central directory and 7z's header
 * sit at the end. */
static la_int64_t ar_seek_cb(struct archive *a, void *data, la_int64_t off,
                             int whence)
{
    sgf_inputs *in = data;
    off_t r;
    if (whence == SEEK_CUR) {
        off += in->src_pos;
        whence = SEEK_SET;
    }
    if (whence == SEEK_SET)
        off += in->src_base;
    r = lseek(in->fd, (off_t)off, whence);
    if (r < 0) {
        in->ar_io = true;
        archive_set_error(a, errno, "%s", strerror(errno));
        return ARCHIVE_FATAL;
    }
    /* The head is served from peek only before the first seek. */
    in->peek_pos = in->peek_len;
    in->src_eof = false;
    in->src_pos = (int64_t)(r - in->src_base);
    return in->src_pos;
}

/* The file being read is done with: it counts whole. */
static void file_done(sgf_inputs *in)
{
    if (!in->file_open)
        return;
    in->file_open = false;
    in->bytes_done += in->cur_sized ? in->cur_size : in->cur_read;
    in->files_done++;
    in->cur_read = in->cur_size = 0;
}

static void close_source(sgf_inputs *in)
{
    file_done(in);
    if (in->ar) {
        archive_read_free(in->ar);
        in->ar = NULL;
    }
    if (in->fd >= 0 && in->close_fd)
        close(in->fd);
    in->fd = -1;
    in->close_fd = false;
}

/* libarchive converts member names (zip's UTF-8 ones, 7z's UTF-16, pax's
 * UTF-8) to the charset of the thread's locale, and where that fails (for
 * every non-ASCII name in a program that never called setlocale) gives no
 * name at all.  Around its calls that read names, the thread uses a UTF-8
 * LC_CTYPE of the iterator's own (uselocale: per thread, and the caller's
 * locale is back before we return), so that every locale reads the same
 * names; member_name_utf8 reads the ones stored in other charsets.
 * Returns what to hand leave_utf8_ctype. */
static locale_t enter_utf8_ctype(sgf_inputs *in)
{
    static const char *const names[] = { "C.UTF-8", "C.utf8", "en_US.UTF-8",
                                         "UTF-8" };
    if (!in->utf8_tried) {
        in->utf8_tried = true;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if ((in->utf8_ctype = newlocale(LC_CTYPE_MASK, names[i],
                                            (locale_t)0)))
                break;
    }
    return in->utf8_ctype ? uselocale(in->utf8_ctype) : (locale_t)0;
}

static void leave_utf8_ctype(locale_t previous)
{
    if (previous)
        uselocale(previous);
}

static void open_archive(sgf_inputs *in, const char *origin, bool raw_ok)
{
    struct archive *a;

    if (!set_str(&in->ar_path, &in->ar_path_cap, origin, strlen(origin), NULL)) {
        fail(in, origin, "cannot read '%s': out of memory", origin);
        close_source(in);
        return;
    }
    if (!ensure_buffers(in)) {
        fail(in, origin, "cannot read '%s': out of memory", origin);
        close_source(in);
        return;
    }
    a = archive_read_new();
    if (!a) {
        fail(in, origin, "cannot read '%s': out of memory", origin);
        close_source(in);
        return;
    }
    in->ar = a;
    in->ar_raw_ok = raw_ok;
    in->ar_entries = false;
    in->ar_files = false;
    in->ar_raw = false;
    in->ar_dead = false;
    in->ar_io = false;
    in->ar_index = 0;
    member_names_start(&in->names);
    in->peek_pos = 0;
    in->src_pos = 0;
    archive_read_support_filter_all(a);
    if (raw_ok) {
        /* Inside a compressor there is a tar or a record.  format_all would
         * let the mtree bidder claim plain SGF text ("Can't parse line 4")
         * or read a whole one-line record ahead to decide. */
        archive_read_support_format_tar(a);
        archive_read_support_format_empty(a);
        archive_read_support_format_raw(a);
    } else {
        archive_read_support_format_all(a);
    }
    archive_read_set_read_callback(a, ar_read_cb);
    if (in->src_base >= 0 && lseek(in->fd, 0, SEEK_CUR) >= 0)
        archive_read_set_seek_callback(a, ar_seek_cb);
    archive_read_set_callback_data(a, in);
    locale_t previous = enter_utf8_ctype(in);
    int r = archive_read_open1(a);
    leave_utf8_ctype(previous);
    if (r != ARCHIVE_OK) {
        const char *e = archive_error_string(a);
        fail(in, origin, raw_ok ? "cannot read '%s': %s"
                                : "cannot read archive '%s': %s",
             origin, e ? e : "unrecognised format");
        close_source(in);
    }
}

/* The next header, and the member's name as the archive stores it (in
 * UTF-8 where the format says what its charset is: enter_utf8_ctype), or
 * NULL when libarchive could not make one (invalid UTF-8 in a zip name
 * flagged UTF-8, unpaired surrogates in a 7z, no UTF-8 locale at all). */
static int next_header(sgf_inputs *in, struct archive_entry **e,
                       const char **raw)
{
    locale_t previous = enter_utf8_ctype(in);
    int r = archive_read_next_header(in->ar, e);
    *raw = NULL;
    if (r >= ARCHIVE_WARN && r != ARCHIVE_EOF && r != ARCHIVE_RETRY) {
        *raw = archive_entry_pathname(*e);
        if (!*raw)
            *raw = archive_entry_pathname_utf8(*e);
    }
    leave_utf8_ctype(previous);
    return r;
}

/* The member's bytes from here on are gzip, starting with head[0..len):
 * inflate them with zlib (gz_read). */
static void start_inflate(sgf_inputs *in, unsigned char *head, size_t len)
{
    sgf_member *m = &in->m;
    if (!in->z_init) {
        memset(&in->z, 0, sizeof in->z);
        if (inflateInit2(&in->z, 15 + 32) != Z_OK) {
            member_fail(m, SGF_E_NOMEM, "out of memory");
            return;
        }
        in->z_init = true;
    } else {
        inflateReset(&in->z);
    }
    in->z.next_in = head;
    in->z.avail_in = (uInt)len;
    m->gz = true;
}

/* Does the gzip stream starting with p[0..n) hold a tar (a .tar.gz)?  Only
 * then does the file need libarchive; a gzipped SGF is inflated with zlib,
 * which hands out every byte before damage (libarchive holds some back). */
static bool gzip_holds_tar(const unsigned char *p, size_t n)
{
    unsigned char head[512];
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 15 + 32) != Z_OK)
        return true;    /* let libarchive decide */
    z.next_in = (unsigned char *)(uintptr_t)p;
    z.avail_in = (uInt)n;
    z.next_out = head;
    z.avail_out = sizeof head;
    (void)inflate(&z, Z_SYNC_FLUSH);
    size_t got = sizeof head - z.avail_out;
    inflateEnd(&z);
    return got >= 262 && memcmp(head + 257, "ustar", 5) == 0;
}

/* Starts an archive member: reads its first bytes (at least head of them
 * when it has them) to see whether it is gzipped (by magic, like files).
 * false when the head is no record's: a member whose name says nothing
 * (sniff) is read only when its bytes say it is one. */
static bool start_archive_member(sgf_inputs *in, const char *origin,
                                 bool sniff_it)
{
    sgf_member *m = &in->m;
    size_t len = 0, head = sniff_it ? SNIFF_MIN : 2;

    memset(m, 0, offsetof(sgf_member, err));
    m->kind = MK_ARCHIVE;
    m->origin = origin;
    m->in = in;
    m->fd = -1;
    while (len < head) {
        long r = source_read(m, in->mbuf + len, MBUF_SIZE - len);
        if (r < 0)
            return true;    /* sticky: the first sgf_member_read reports it */
        if (r == 0) {
            m->eof = true;
            break;
        }
        len += (size_t)r;
    }
    if (len >= 2 && in->mbuf[0] == 0x1F && in->mbuf[1] == 0x8B) {
        start_inflate(in, in->mbuf, len);
    } else {
        if (sniff_it && format_sniff((const char *)in->mbuf, len) < 0)
            return false;
        m->pre = in->mbuf;
        m->pre_len = len;
    }
    return true;
}

/* A member under a hidden folder or file (".git/x", "._game.sgf"), or
 * macOS's metadata ("__MACOSX/..."). */
static bool hidden_member(const char *name)
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

/* 1 when a member is ready, 0 when the archive is finished (closed). */
static int archive_next(sgf_inputs *in)
{
    for (;;) {
        struct archive_entry *e;
        const char *raw, *name;
        char number[32];
        int r;

        if (in->ar_dead) {
            /* The member's read error said it all for a bare compressed
             * stream; for an archive, the members after it are lost too. */
            if (!in->ar_raw)
                fail(in, in->ar_path, "cannot read archive '%s': %s",
                     in->ar_path, in->ar_msg);
            close_source(in);
            return 0;
        }
        r = next_header(in, &e, &raw);
        if (r == ARCHIVE_EOF) {
            /* A compressed empty file is an empty member, not nothing:
             * libarchive's "empty" format claims it before "raw". */
            if (in->ar_raw_ok && !in->ar_entries
                && archive_format(in->ar) == ARCHIVE_FORMAT_EMPTY) {
                sgf_member *m = &in->m;
                in->ar_entries = true;
                memset(m, 0, offsetof(sgf_member, err));
                m->kind = MK_MEMORY;
                m->origin = in->ar_path;
                m->eof = true;
                m->fd = -1;
                close_source(in);
                return 1;
            }
            if (!in->ar_files && !in->ar_raw_ok)
                skip(in, in->ar_path, SGF_SKIP_EMPTY,
                     "the archive holds no file");
            close_source(in);
            return 0;
        }
        if (r == ARCHIVE_RETRY)
            continue;
        if (r < ARCHIVE_WARN) {
            const char *msg = archive_error_string(in->ar);
            fail(in, in->ar_path, in->ar_raw_ok ? "cannot read '%s': %s"
                                                : "cannot read archive '%s': %s",
                 in->ar_path, msg ? msg : "unknown error");
            close_source(in);
            return 0;
        }
        in->ar_entries = true;
        in->ar_index++;
        in->ar_raw = archive_format(in->ar) == ARCHIVE_FORMAT_RAW;
        if (in->ar_raw) {
            start_archive_member(in, in->ar_path, false);
            return 1;
        }
        unsigned type = archive_entry_filetype(e);
        /* folders are the archive's structure, not inputs */
        if (type == AE_IFDIR)
            continue;
        in->ar_files = true;
        /* A tar hard link carries no data; its target was read already. */
        if (type == AE_IFREG && archive_entry_hardlink(e) &&
            archive_entry_size_is_set(e) &&
            archive_entry_size(e) == 0)
            continue;
        if (raw) {
            /* Tar writes "./game.sgf"; the origin reads better without */
            while (raw[0] == '.' && raw[1] == '/')
                raw += 2;
            bool zip = (archive_format(in->ar) & ARCHIVE_FORMAT_BASE_MASK)
                       == ARCHIVE_FORMAT_ZIP;
            name = member_name_utf8(&in->names, raw, strlen(raw), zip);
        } else {
            /* under its number, a name without a suffix: its first bytes
             * say whether it is read */
            snprintf(number, sizeof number, "#%zu", in->ar_index);
            name = number;
        }
        if (!name || !set_str(&in->origin, &in->origin_cap, in->ar_path,
                              strlen(in->ar_path), name)) {
            fail(in, in->ar_path, "cannot read member %zu of '%s': out of "
                 "memory", in->ar_index, in->ar_path);
            continue;
        }
        if (type != AE_IFREG) {
            skip(in, in->origin, SGF_SKIP_SPECIAL,
                 "a link or device in the archive");
            continue;
        }
        if (hidden_member(name)) {
            skip(in, in->origin, SGF_SKIP_HIDDEN,
                 "a name or folder that starts with '.', or macOS's "
                 "__MACOSX");
            continue;
        }
        enum walk_name wn = walk_name(name);
        if (wn == WN_READ && is_archive_name(name))
            wn = WN_SKIP;       /* no archive inside an archive */
        if (wn == WN_SKIP) {
            skip_by_name(in, in->origin, name);
            continue;
        }
        if (!start_archive_member(in, in->origin, wn == WN_SNIFF)) {
            skip(in, in->origin, SGF_SKIP_NOT_RECORD, "%s",
                 not_record_head(1));
            continue;
        }
        return 1;
    }
}

/* ------------------------------------------------------------------ */
/* Files and standard input                                            */

static void start_dir_fd(sgf_inputs *in, int fd, const char *path);

/* Reads the head of an open fd and decides: 1 when a plain member is ready,
 * 0 otherwise (a container was opened, a directory pushed, a failure
 * reported, or, for a walked name that says nothing (sniff_it), a head
 * that is no record's skipped). */
static int start_fd(sgf_inputs *in, int fd, bool close_fd, const char *origin,
                    bool sniff_it)
{
    sgf_member *m = &in->m;
    size_t len = 0, need = sniff_it ? SNIFF_MIN : MAGIC_MIN;
    enum sniff kind;

    in->fd = fd;
    in->close_fd = close_fd;
    in->src_eof = false;
    in->src_base = 0;
    if (!close_fd) {
        /* stdin may have been read partly before we got it */
        in->src_base = lseek(fd, 0, SEEK_CUR);
    }
    in->file_open = true;
    in->cur_read = in->cur_size = 0;
    in->cur_sized = false;
    if (in->track) {
        /* the size this file adds to bytes_done once it is read */
        struct stat st;
        off_t at = in->src_base > 0 ? in->src_base : 0;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && at <= st.st_size) {
            in->cur_sized = true;
            in->cur_size = (uint64_t)(st.st_size - at);
        }
    }
    while (len < need) {
        ssize_t r = read_retry(fd, in->peek + len, PEEK_SIZE - len);
        if (r > 0)
            in->cur_read += (uint64_t)r;
        if (r < 0) {
            if (errno == EISDIR && close_fd) {
                in->file_open = false;
                in->fd = -1;
                start_dir_fd(in, fd, origin);
                return 0;
            }
            fail(in, origin, "cannot read '%s': %s", origin, strerror(errno));
            close_source(in);
            return 0;
        }
        if (r == 0) {
            in->src_eof = true;
            break;
        }
        len += (size_t)r;
    }
    in->peek_len = len;
    in->peek_pos = 0;

    kind = sniff(in->peek, len);
    bool gzip = kind == SNIFF_COMPRESSED && in->peek[0] == 0x1F;
    if (kind != SNIFF_PLAIN && !(gzip && !gzip_holds_tar(in->peek, len))) {
        open_archive(in, origin, kind == SNIFF_COMPRESSED);
        return 0;
    }
    if (sniff_it && !gzip && format_sniff((const char *)in->peek, len) < 0) {
        skip(in, origin, SGF_SKIP_NOT_RECORD, "%s", not_record_head(len));
        close_source(in);
        return 0;
    }
#ifdef HAVE_POSIX_FADVISE
    /* Only a file that filled the whole head is worth the extra call. */
    if (len == PEEK_SIZE)
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    memset(m, 0, offsetof(sgf_member, err));
    m->kind = MK_FD;
    m->origin = origin;
    m->fd = fd;
    m->in = in;
    m->eof = in->src_eof;
    if (gzip) {
        if (ensure_buffers(in))
            start_inflate(in, in->peek, len);
        else
            member_fail(m, SGF_E_NOMEM, "out of memory");
    } else {
        m->pre = in->peek;
        m->pre_len = len;
    }
    return 1;
}

static int open_path(sgf_inputs *in, const char *path, bool sniff_it)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        fail(in, path, "cannot open '%s': %s", path, strerror(errno));
        return 0;
    }
    return start_fd(in, fd, true, path, sniff_it);
}

/* ------------------------------------------------------------------ */
/* Directories                                                         */

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
            skip(in, in->path, SGF_SKIP_LINK_LOOP,
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
            fail(in, in->path, "cannot read directory '%s': out of memory",
                 in->path);
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
            fail(in, in->path, "cannot read directory '%s': out of memory",
                 in->path);
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
        fail(in, in->path, "cannot read directory '%s': %s", in->path,
             strerror(errno));
        closedir(d);
        return false;
    }
    if (in->track)
        size_entries(in, f, dirfd(d));
    closedir(d);
    ents = grow(f->ents, &f->cap, count ? count : 1, sizeof *f->ents);
    if (!ents) {
        fail(in, in->path, "cannot read directory '%s': out of memory", in->path);
        return false;
    }
    f->ents = ents;
    for (size_t off = 0; off < f->names_len; off += strlen(f->names + off + 1) + 2)
        f->ents[f->n++] = f->names + off;
    qsort(f->ents, f->n, sizeof *f->ents, cmp_entry);
    in->depth++;
    return true;
}

/* A directory named on the command line (open as fd already). */
static void start_dir_fd(sgf_inputs *in, int fd, const char *path)
{
    struct stat st;
    DIR *d;
    size_t len = strlen(path);
    char *q;

    if (in->dirs_unlisted)
        in->dirs_unlisted--;
    if (fstat(fd, &st) != 0) {
        fail(in, path, "cannot stat '%s': %s", path, strerror(errno));
        close(fd);
        return;
    }
    q = grow(in->path, &in->path_cap, len + 1, 1);
    if (!q) {
        fail(in, path, "cannot read directory '%s': out of memory", path);
        close(fd);
        return;
    }
    in->path = q;
    memcpy(in->path, path, len + 1);
    d = fdopendir(fd);
    if (!d) {
        fail(in, path, "cannot open directory '%s': %s", path, strerror(errno));
        close(fd);
        return;
    }
    if (push_dir(in, d, len, st.st_dev, st.st_ino) &&
        in->frames[in->depth - 1].n == 0) {
        skip(in, path, SGF_SKIP_EMPTY, "the folder holds no file");
        in->depth--;
    }
}

static void open_subdir(sgf_inputs *in)
{
    struct stat st;
    DIR *d = opendir(in->path);
    if (!d) {
        fail(in, in->path, "cannot open directory '%s': %s", in->path,
             strerror(errno));
        return;
    }
    if (fstat(dirfd(d), &st) != 0) {
        fail(in, in->path, "cannot stat '%s': %s", in->path, strerror(errno));
        closedir(d);
        return;
    }
    push_dir(in, d, strlen(in->path), st.st_dev, st.st_ino);
}

/* Takes the next entry of the innermost directory: 1 when in->path is a
 * file the walk reads, 2 when its name says nothing and its first bytes
 * decide, 0 when something else happened (the caller loops). */
static int walk_take(sgf_inputs *in)
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
        fail(in, in->path, "cannot read directory '%s': out of memory", in->path);
        return 0;
    }
    in->path = q;
    if (plen > 0 && in->path[plen - 1] != '/')
        in->path[plen++] = '/';
    memcpy(in->path + plen, name, nlen + 1);

    if (name[0] == '.') {
        skip(in, in->path, SGF_SKIP_HIDDEN, t == 'd'
             ? "a folder whose name starts with '.': not walked"
             : "a name that starts with '.'");
        return 0;
    }
    enum walk_name wn = walk_name(name);
    if (t == '?') {
        struct stat st;
        if (stat(in->path, &st) != 0) {
            if (wn == WN_READ)
                fail(in, in->path, "cannot stat '%s': %s", in->path,
                     strerror(errno));
            else
                skip(in, in->path, SGF_SKIP_SPECIAL,
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
        skip(in, in->path, SGF_SKIP_SPECIAL,
             "a FIFO, socket or device");
        return 0;
    }
    if (wn == WN_SKIP) {
        skip_by_name(in, in->path, name);
        return 0;
    }
    return wn == WN_SNIFF ? 2 : 1;
}

/* walk_take, the file opened: 1 when a member is ready. */
static int walk_next(sgf_inputs *in)
{
    int take = walk_take(in);
    return take && open_path(in, in->path, take == 2);
}

/* ------------------------------------------------------------------ */
/* The iterator                                                        */

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
        close_source(in);
    in->m.kind = MK_NONE;
}

int sgf_inputs_next(sgf_inputs *in, sgf_member **out)
{
    if (!in || !out)
        return 0;
    finish_member(in);
    for (;;) {
        const char *p;
        if (in->ar) {
            if (archive_next(in))
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
            if (start_fd(in, in->given_fd, false, in->given_origin, false))
                break;
        } else if (p && strcmp(p, "-") == 0) {
            if (start_fd(in, STDIN_FILENO, false, STDIN_ORIGIN, false))
                break;
        } else if (!p) {
            fail(in, "", "cannot open '': %s", strerror(EINVAL));
        } else if (open_path(in, p, false)) {
            break;
        }
    }
    in->m.counts_in = in;
    *out = &in->m;
    return 1;
}

/* For the listing: whether a walked file whose name says nothing is read,
 * decided by its first bytes as start_fd decides it (skipped otherwise). */
static bool head_says_record(sgf_inputs *in, const char *path)
{
    size_t len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return true;        /* the reading reports it */
    while (len < SNIFF_MIN) {
        ssize_t r = read_retry(fd, in->peek + len, PEEK_SIZE - len);
        if (r <= 0) {
            if (r < 0) {
                close(fd);
                return true;
            }
            break;
        }
        len += (size_t)r;
    }
    close(fd);
    if (sniff(in->peek, len) != SNIFF_PLAIN ||
        format_sniff((const char *)in->peek, len) >= 0)
        return true;
    skip(in, path, SGF_SKIP_NOT_RECORD, "%s", not_record_head(len));
    return false;
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
            if (take == 1 || (take == 2 && head_says_record(in, in->path))) {
                *path = in->path;
                return 1;
            }
            continue;
        }
        bool given = in->given_done;
        if (!next_named(in, &p))
            return 0;
        if (!p) {
            fail(in, "", "cannot open '': %s", strerror(EINVAL));
            continue;
        }
        /* a directory is walked here; anything else is read later, where
         * its failures are reported */
        if (given == in->given_done && strcmp(p, "-") != 0 &&
            stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            int fd = open(p, O_RDONLY | O_CLOEXEC | O_NOCTTY);
            if (fd < 0)
                fail(in, p, "cannot open '%s': %s", p, strerror(errno));
            else
                start_dir_fd(in, fd, p);
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

void sgf_inputs_free(sgf_inputs *in)
{
    if (!in)
        return;
    close_source(in);
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
