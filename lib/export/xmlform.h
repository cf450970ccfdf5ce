/*
 * xmlform.h - what the XML writer (xmlwrite.c) and reader (xmlread.c)
 * share about the Go form of doc/go.dtd (xmlform.c).  Never installed.
 */
#ifndef SGFKIT_EXPORT_XMLFORM_H
#define SGFKIT_EXPORT_XMLFORM_H
#include <stdbool.h>
#include <stddef.h>

/* Root properties that have an element of <Information>, and those
 * elements' names, in the same order; NULL-terminated. */
extern const char *const xml_info_ids[];
extern const char *const xml_info_elements[];
/* GTP column letters (no I), as the Go form writes points. */
extern const char xml_columns[26];
/* Reads an SZ value ("19" or "19:13") into *w, *h. */
bool xml_board_size(const char *s, size_t n, int *w, int *h);

#endif /* SGFKIT_EXPORT_XMLFORM_H */
