/*
 * reader.h - what read.c, which composes the steps after the parse, asks
 * of the reader (reader.c).  Never installed.
 */
#ifndef SGFKIT_SGF_READER_H
#define SGFKIT_SGF_READER_H

#include <stdbool.h>
#include "sgfkit.h"
#include "sgf/parser.h"

enum { READER_PARSED = 2 };
/* The next game of the member, parsed (syntax only) into the reader's game
 * object, *out: READER_PARSED when raw describes the bytes parsed, and the
 * steps after the parse are to run before reader_done; 1 when *out is
 * complete as it is (the report of a member without a game); 0 at the end
 * of the member; an SGF_E_* code. */
int reader_parse(sgf_reader *r, sgf_raw_game *raw, sgf_game **out);
/* Moves past the game reader_parse gave; false when it is not to be given
 * to the caller (no tree and nothing to say). */
bool reader_done(sgf_reader *r, const sgf_raw_game *raw);
/* What runs after the parse of the game in raw, which it may parse again
 * (raw->len is where the first parse ended it): read.c's steps, or
 * reader_finish_syntax.  A parse status, PARSE_NOMEM or PARSE_DONE. */
typedef parse_status (*reader_finish_fn)(sgf_game *g,
                                         const sgf_raw_game *raw);
/* The charset of g's text decided (sgf/charset.c), with the second parse
 * it may ask for: characters as units when a double-byte charset's trail
 * bytes look like '\\' or ']'. */
parse_status reader_charset(sgf_game *g, const sgf_raw_game *raw);
/* The steps of a game read syntax only (SGF_READ_SYNTAX_ONLY): the charset
 * and the game info, then the diagnostics put in order. */
parse_status reader_finish_syntax(sgf_game *g, const sgf_raw_game *raw);
/* sgf_game_read: raw parsed into g from g's copy of its bytes, or where
 * they lie (!copy), then finish; 0 or SGF_E_NOMEM. */
int reader_read(sgf_game *g, const sgf_raw_game *raw, bool copy,
                reader_finish_fn finish);
/* sgf_game_parse: reader_read into a new game object; NULL when out of
 * memory before the game had a tree. */
sgf_game *reader_parse_new(const sgf_raw_game *raw,
                           const sgf_read_options *opt,
                           reader_finish_fn finish);
/* A member without a game: no bytes at all, or nothing but white space
 * (and byte order marks), which the parser passes over without a word.
 * Either way the member must say something. */
void reader_report_nothing(sgf_game *g, const sgf_raw_game *raw);

#endif /* SGFKIT_SGF_READER_H */
