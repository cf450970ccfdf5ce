/*
 * xmlform.c - what the XML writer (xmlwrite.c) and reader (xmlread.c) share
 * about the Go form of doc/go.dtd (xmlform.h).
 */
#include <stdbool.h>
#include <stddef.h>
#include "sgf/points.h"
#include "export/xmlform.h"

/* Root properties that have an element of <Information> in the Go form
 * (xmlform.h). */
const char *const xml_info_ids[] = {
    "AP", "SZ", "PB", "BR", "PW", "WR", "DT", "TM", "KM", "RE", "HA",
    "US", "CP", "AN", "BT", "WT", "RO", "RU", "SO", NULL
};
const char *const xml_info_elements[] = {
    "Application", "BoardSize", "BlackPlayer", "BlackRank", "WhitePlayer",
    "WhiteRank", "Date", "Time", "Komi", "Result", "Handicap", "User",
    "Copyright", "Annotation", "BlackTeam", "WhiteTeam", "Round", "Rules",
    "Source", NULL
};

/* GTP columns: no I, so that a letter is never read as a digit. */
const char xml_columns[26] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/* The board that point coordinates refer to, from the decoded text of SZ:
 * "N" or "N:M", 1 to 52.  xmlread.c applies the same rule to the same
 * text, so that a point means the same on both sides. */
bool xml_board_size(const char *s, size_t n, int *w, int *h)
{
    int v[2] = { 0, 0 }, k = 0;
    size_t digits = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == ':' && k == 0 && digits > 0) {
            k = 1;
            digits = 0;
        } else if (s[i] >= '0' && s[i] <= '9' && digits < 3) {
            v[k] = v[k] * 10 + (s[i] - '0');
            digits++;
        } else {
            return false;
        }
    }
    if (digits == 0)
        return false;
    if (k == 0)
        v[1] = v[0];
    if (v[0] < 1 || v[0] > SGF_MAX_BOARD || v[1] < 1 || v[1] > SGF_MAX_BOARD)
        return false;
    *w = v[0];
    *h = v[1];
    return true;
}
