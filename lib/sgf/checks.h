/*
 * checks.h - the ids of the checks, one per line of checks.def (the
 * catalogue, checks.c).  Never installed.
 */
#ifndef SGFKIT_SGF_CHECKS_H
#define SGFKIT_SGF_CHECKS_H

enum sgf_check_code {
#define CHECK(name, id, sev, summary) SGF_C_##name,
#include "sgf/checks.def"
#undef CHECK
    SGF_C_COUNT
};

#endif /* SGFKIT_SGF_CHECKS_H */
