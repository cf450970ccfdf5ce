/*
 * archive.c - containers, streamed by libarchive without unpacking
 * anything to disk: their members in order, named "archive:member" in
 * UTF-8 (member_names.c), each read by its first bytes as files are.
 */
#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "common/grow.h"
#include "formats/formats.h"
#include "input/archive.h"
#include "input/iterator.h"
#include "input/member.h"
#include "input/member_names.h"
#include "input/policy.h"
#include "input/report.h"
#include "input/source.h"
#include "sgfkit.h"

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

void container_open(sgf_inputs *in, const char *origin, bool raw_ok)
{
    struct archive *a;

    if (!set_str(&in->ar_path, &in->ar_path_cap, origin, strlen(origin),
                 NULL)) {
        inputs_fail(in, origin, "cannot read '%s': out of memory", origin);
        source_close(in);
        return;
    }
    if (!source_buffers(in)) {
        inputs_fail(in, origin, "cannot read '%s': out of memory", origin);
        source_close(in);
        return;
    }
    a = archive_read_new();
    if (!a) {
        inputs_fail(in, origin, "cannot read '%s': out of memory", origin);
        source_close(in);
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
        inputs_fail(in, origin, raw_ok ? "cannot read '%s': %s"
                                : "cannot read archive '%s': %s",
                    origin, e ? e : "unrecognised format");
        source_close(in);
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
        long r = sgf_member_read(m, in->mbuf + len, MBUF_SIZE - len);
        if (r < 0)
            return true;    /* sticky: the first sgf_member_read reports it */
        if (r == 0) {
            m->eof = true;
            break;
        }
        len += (size_t)r;
    }
    if (len >= 2 && in->mbuf[0] == 0x1F && in->mbuf[1] == 0x8B) {
        member_start_inflate(in, in->mbuf, len);
    } else {
        if (sniff_it && format_sniff((const char *)in->mbuf, len) < 0)
            return false;
        m->pre = in->mbuf;
        m->pre_len = len;
    }
    return true;
}

/* 1 when a member is ready, 0 when the archive is finished (closed). */
int container_next(sgf_inputs *in)
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
                inputs_fail(in, in->ar_path, "cannot read archive '%s': %s",
                            in->ar_path, in->ar_msg);
            source_close(in);
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
                source_close(in);
                return 1;
            }
            if (!in->ar_files && !in->ar_raw_ok)
                inputs_skip(in, in->ar_path, SGF_SKIP_EMPTY,
                            "the archive holds no file");
            source_close(in);
            return 0;
        }
        if (r == ARCHIVE_RETRY)
            continue;
        if (r < ARCHIVE_WARN) {
            const char *msg = archive_error_string(in->ar);
            inputs_fail(in, in->ar_path,
                        in->ar_raw_ok ? "cannot read '%s': %s"
                                      : "cannot read archive '%s': %s",
                        in->ar_path, msg ? msg : "unknown error");
            source_close(in);
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
            inputs_fail(in, in->ar_path,
                        "cannot read member %zu of '%s': out of memory",
                        in->ar_index, in->ar_path);
            continue;
        }
        if (type != AE_IFREG) {
            inputs_skip(in, in->origin, SGF_SKIP_SPECIAL,
                        "a link or device in the archive");
            continue;
        }
        if (hidden_member(name)) {
            inputs_skip(in, in->origin, SGF_SKIP_HIDDEN,
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
            inputs_skip(in, in->origin, SGF_SKIP_NOT_RECORD, "%s",
                        not_record_head(1));
            continue;
        }
        return 1;
    }
}
