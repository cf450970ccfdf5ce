/*
 * iterator.h - the input iterator's state (sgf_inputs) and the members it
 * hands out (sgf_member), shared by the files that make the iterator up:
 * inputs.c (the iterator), file.c, walk.c, archive.c, member.c, source.c,
 * policy.c and report.c.  See doc/inputs.md.  Never installed.
 */
#ifndef SGFKIT_INPUT_ITERATOR_H
#define SGFKIT_INPUT_ITERATOR_H

#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <archive.h>
#include <zlib.h>

#include "input/member_names.h"
#include "sgfkit.h"

/* One read() takes a whole typical record (2-20 KB), so a small file costs
 * open, read, read (end), close. */
enum { PEEK_SIZE = 64 * 1024, BLOCK_SIZE = 64 * 1024, MBUF_SIZE = 64 * 1024 };
/* Bytes needed to see every magic we know: tar's "ustar" sits at 257. */
enum { MAGIC_MIN = 262 };
/* What a name without a suffix is read for, as the reader sniffs it. */
enum { SNIFF_MIN = 4096 };
enum { MSG_SIZE = 1024 };

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

#endif /* SGFKIT_INPUT_ITERATOR_H */
