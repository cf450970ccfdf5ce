/*
 * member.c - a member's bytes: the head already read (a file's peek, an
 * archive member's first block, all of a memory member), then the source;
 * gzip inflated with zlib, which hands out every byte before damage.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <archive.h>
#include <zlib.h>

#include "input/iterator.h"
#include "input/member.h"
#include "input/report.h"
#include "input/source.h"
#include "sgfkit.h"

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

void sgf_member_free(sgf_member *m)
{
    if (m && m->standalone)
        free(m);
}

void member_start_inflate(sgf_inputs *in, unsigned char *head, size_t len)
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
