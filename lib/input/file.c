/*
 * file.c - a file or standard input opened.  Plain files are the hot path
 * (tens of thousands of one-game files a second), so they never touch
 * libarchive or stdio: open(), one read() into the iterator's buffer,
 * close().  The first bytes decide what a file is (magic bytes, never the
 * name); only containers go through libarchive (archive.c).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <zlib.h>

#include "formats/formats.h"
#include "input/archive.h"
#include "input/file.h"
#include "input/iterator.h"
#include "input/member.h"
#include "input/policy.h"
#include "input/report.h"
#include "input/source.h"
#include "input/walk.h"
#include "sgfkit.h"

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

int file_start(sgf_inputs *in, int fd, bool close_fd, const char *origin,
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
                walk_start_dir(in, fd, origin);
                return 0;
            }
            inputs_fail(in, origin, "cannot read '%s': %s", origin,
                        strerror(errno));
            source_close(in);
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
        container_open(in, origin, kind == SNIFF_COMPRESSED);
        return 0;
    }
    if (sniff_it && !gzip && format_sniff((const char *)in->peek, len) < 0) {
        inputs_skip(in, origin, SGF_SKIP_NOT_RECORD, "%s",
                    not_record_head(len));
        source_close(in);
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
        if (source_buffers(in))
            member_start_inflate(in, in->peek, len);
        else
            member_fail(m, SGF_E_NOMEM, "out of memory");
    } else {
        m->pre = in->peek;
        m->pre_len = len;
    }
    return 1;
}

int file_open_path(sgf_inputs *in, const char *path, bool sniff_it)
{
    int fd = open(path, SOURCE_OPEN_FLAGS);
    if (fd < 0) {
        inputs_fail(in, path, "cannot open '%s': %s", path, strerror(errno));
        return 0;
    }
    return file_start(in, fd, true, path, sniff_it);
}

bool file_head_says_record(sgf_inputs *in, const char *path)
{
    size_t len = 0;
    int fd = open(path, SOURCE_OPEN_FLAGS);
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
    inputs_skip(in, path, SGF_SKIP_NOT_RECORD, "%s", not_record_head(len));
    return false;
}
