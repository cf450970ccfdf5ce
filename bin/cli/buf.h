/*
 * buf.h - the growable byte buffer a tool formats a game's output into, and
 * the library's escaping (sgfkit.h) that keeps one record from breaking the
 * lines of the report (JSON, text lines, CSV).  Workers fill one each; the
 * output stage writes them in input order, so nothing here touches a file.
 */
#ifndef SGFKIT_BUF_H
#define SGFKIT_BUF_H

#include <stddef.h>
#include <stdint.h>
#include "sgfkit.h"

struct cli_buf {
    char *data;
    size_t len, cap;
    int nomem;               /* an allocation failed: the content is incomplete */
};

void cli_buf_put(struct cli_buf *b, const void *p, size_t n);
void cli_buf_puts(struct cli_buf *b, const char *s);
void cli_buf_printf(struct cli_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* s as a JSON string (sgf_json_write_string): invalid UTF-8 as U+FFFD so
 * that every line stays valid JSON; NULL gives null. */
void cli_buf_json_string(struct cli_buf *b, const char *s);
/* JSON written into b a value at a time (sgf_emitter, sgfkit.h).  On
 * running out of memory b->nomem is set; the emitter may then be NULL,
 * which the sgf_emit_ calls and cli_json_close accept. */
sgf_emitter *cli_json_open(struct cli_buf *b);
void cli_json_close(struct cli_buf *b, sgf_emitter *e);
/* s for a text line (sgf_text_write_escaped): control characters written
 * as \xNN so that a record cannot move the cursor or start a new line. */
void cli_buf_text(struct cli_buf *b, const char *s);
/* Terminal columns of UTF-8 text (width.c): East Asian wide characters
 * 2, combining marks 0, others 1; no locale involved. */
int cli_char_width(uint32_t c);
size_t cli_display_width(const char *s, size_t n);
/* cli_buf_text, then spaces up to width columns. */
void cli_buf_text_padded(struct cli_buf *b, const char *s, size_t width);
/* s as one RFC 4180 field (sgf_csv_write_field): quoted when it holds a
 * comma, a quote or a line break (quotes doubled), invalid UTF-8 as
 * U+FFFD; NULL gives an empty field. */
void cli_buf_csv_field(struct cli_buf *b, const char *s);
/* An sgf_write_fn appending to the cli_buf ctx: 0, or -1 (SGF_E_NOMEM)
 * once an allocation failed. */
int cli_buf_write(void *ctx, const void *data, size_t len);
/* Empties b for reuse, keeping its memory. */
void cli_buf_clear(struct cli_buf *b);
void cli_buf_free(struct cli_buf *b);

/* Makes room for need elements of elem bytes in p, an array of *cap, by
 * doubling, so that appending one at a time stays linear.  Returns the
 * array, or NULL (p still valid) when out of memory. */
void *cli_grow(void *p, size_t *cap, size_t need, size_t elem);

#endif /* SGFKIT_BUF_H */
