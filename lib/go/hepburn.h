/*
 * hepburn.h - whether a player's name is a Japanese name romanized in
 * Hepburn (hepburn.c): a clue to the rules of a record that names
 * neither place nor event (assume_rules.c).  Never installed.
 */
#ifndef SGFKIT_GO_HEPBURN_H
#define SGFKIT_GO_HEPBURN_H

/* The morae of name ("Go Seigen": go-se-i-ge-n, 5) when it has two words
 * or more and every word is made of Hepburn's syllables (macrons and
 * circumflexes read as the plain vowel), else -1 ("Lee Sedol", "Ke Jie"
 * is 3, "Michael Redmond" and a one-word nickname -1). */
int hepburn_name_morae(const char *name);

#endif /* SGFKIT_GO_HEPBURN_H */
