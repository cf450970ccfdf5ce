/*
 * policy.h - which names the input iterator reads (policy.c): records by
 * their suffix, archives, names that say nothing (read when their first
 * bytes are a record's), hidden ones; and what it says of those it skips.
 * Never installed.
 */
#ifndef SGFKIT_INPUT_POLICY_H
#define SGFKIT_INPUT_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "input/iterator.h"

/* What a walk does with a name (not a hidden one, see below). */
enum walk_name { WN_READ, WN_SNIFF, WN_SKIP };

enum walk_name walk_name(const char *name);
/* The name is an archive's a walk reads (never one inside an archive). */
bool is_archive_name(const char *name);
/* What a walk says when it skips a file for its name. */
void skip_by_name(sgf_inputs *in, const char *origin, const char *name);
/* Why a file whose name says nothing was skipped, after its first len
 * bytes. */
const char *not_record_head(size_t len);
/* A member under a hidden folder or file (".git/x", "._game.sgf"), or
 * macOS's metadata ("__MACOSX/..."). */
bool hidden_member(const char *name);

#endif /* SGFKIT_INPUT_POLICY_H */
