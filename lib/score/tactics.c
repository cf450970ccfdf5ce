/*
 * tactics.c - the capture search of the dead-stone estimator (tactics.h).
 *
 * An AND/OR search over the target string's liberties: the attacker fills
 * a liberty, or first rescues one of its own strings next to the target
 * that is as short of liberties (a race); the defender extends, captures
 * a neighbour in atari, takes a liberty of a weak neighbour (capturing
 * races) or passes (seki: filling one's own liberty may be the losing
 * move).  A string with ESCAPE_LIBS liberties or more, a search deeper
 * than TAC_DEPTH plies or one over its node budget counts as "not
 * captured", so a "captured" answer is a proof under the rules of the
 * board (simple ko, no suicide).
 *
 * One board per ply is preallocated (tac_init); a move copies the board
 * of its ply into the next, so nothing is undone and nothing allocated.
 */
#include "score/tactics.h"

enum {
    /* liberties from which a string counts as out of reach of the search:
     * filling four liberties against four answers already takes the
     * whole depth */
    ESCAPE_LIBS = 5,
    /* the defender shortens a neighbour of at most RACE_LIBS liberties:
     * one with fewer than the target's (a race the defender wins moving
     * first), or as many when two or fewer; three against three put out
     * of reach strings that are dead (doc/dead-stones-history.md,
     * "capture search: a race against three liberties") */
    RACE_LIBS = 3,
    MAX_MOVES = 16
};

size_t tac_bytes(const sgf_position *p)
{
    return (TAC_DEPTH + 1) * pl_bytes(p);
}

void tac_init(tac *t, const sgf_position *p, void *mem)
{
    size_t n = pl_bytes(p);
    /* each ply's board is a copy of the one before: attached, not loaded */
    for (int i = 0; i <= TAC_DEPTH; i++)
        pl_attach(&t->stack[i], p, (char *)mem + (size_t)i * n);
    t->nodes = 0;
    t->budget = 0;
    t->approach = 0;
}

static int defend(tac *t, int d, int tg);

/* Adds pt to moves unless present. */
static void add_move(int *moves, int *n, int pt)
{
    tac_add_move(moves, n, MAX_MOVES, pt);
}

/* The heads of the strings of the other colour that touch the string on
 * tg, each once (at most MAX_MOVES); returns how many. */
static int enemy_strings(const pl_board *b, int tg, int *heads)
{
    const pl_cell *cl = b->cell;
    return pl_add_string_neighbours(b, cl[tg].head, 3 - cl[tg].color, heads,
                                    0, MAX_MOVES);
}

/* Adds to moves the liberty of each defender string in atari that touches
 * an attacker string next to tg with at most n liberties. */
static void rescue_moves(const pl_board *b, int tg, int n, int *moves, int *nm)
{
    const pl_cell *cl = b->cell;
    const int c = cl[tg].color, s = b->stride;
    int heads[MAX_MOVES];
    int nh = enemy_strings(b, tg, heads);
    for (int i = 0; i < nh; i++) {
        int h = heads[i];
        int wl[ESCAPE_LIBS + 1];
        if (pl_libs(b, h, wl, n) > n)
            continue;
        /* the neighbours of the short attacker string in atari */
        int r = h;
        do {
            const int rn[4] = { r - s, r - 1, r + 1, r + s };
            for (int j = 0; j < 4; j++)
                if (cl[rn[j]].color == c && cl[rn[j]].head != cl[tg].head &&
                    pl_atari(b, rn[j]))
                    add_move(moves, nm, atari_lib(b, rn[j]));
            r = cl[r].next;
        } while (r != h);
    }
}

/* Attacker to move on ply d: can it capture the string on tg? */
static int attack(tac *t, int d, int tg)
{
    const pl_board *b = &t->stack[d];
    const int c = b->cell[tg].color, a = 3 - c;
    int libs[ESCAPE_LIBS + 1];
    int n = pl_libs(b, tg, libs, ESCAPE_LIBS);
    int size, cap;
    if (n == 1)
        return libs[0] != b->ko && pl_probe(b, libs[0], a, &size, &cap) > 0;
    /* n liberties take n attacker moves and n - 1 answers */
    if (n >= ESCAPE_LIBS || d + 2 * n - 1 > TAC_DEPTH || ++t->nodes > t->budget)
        return 0;
    /* An attacker string next to the target as short of liberties as the
     * target cannot fill the target's last liberties without dying first
     * (a race): its rescue - taking a defender string in atari next to it -
     * is a move too.  The liberties go in first so that the list's cap
     * never drops them. */
    int moves[MAX_MOVES], nm = 0;
    for (int i = 0; i < n; i++)
        add_move(moves, &nm, libs[i]);
    rescue_moves(b, tg, n, moves, &nm);
    /* captures and safe approaches first, then throw-ins */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < nm; i++) {
            int m = moves[i];
            if (m == b->ko)
                continue;
            int nl = pl_probe(b, m, a, &size, &cap);
            if (nl == 0 || (nl >= 2 || cap > 0) != (pass == 0))
                continue;
            pl_copy_play(&t->stack[d + 1], b, m, a);
            if (defend(t, d + 1, tg))
                return 1;
        }
    return 0;
}

/* Defender to move on ply d: is the string on tg captured whatever it
 * does? */
static int defend(tac *t, int d, int tg)
{
    const pl_board *b = &t->stack[d];
    const pl_cell *cl = b->cell;
    const int c = cl[tg].color;
    if (c != SGF_BLACK && c != SGF_WHITE)
        return 1;
    int libs[ESCAPE_LIBS + 1];
    int n = pl_libs(b, tg, libs, ESCAPE_LIBS);
    if (n >= ESCAPE_LIBS || d + 2 * n > TAC_DEPTH + 1 || ++t->nodes > t->budget)
        return 0;
    int moves[MAX_MOVES], nm = 0;
    /* neighbours of the string: capture those in atari, shorten those
     * with few liberties (a capturing race, RACE_LIBS) */
    int heads[MAX_MOVES], weak[MAX_MOVES], nweak = 0;
    int nh = enemy_strings(b, tg, heads);
    for (int i = 0; i < nh; i++) {
        if (pl_atari(b, heads[i]))
            add_move(moves, &nm, atari_lib(b, heads[i]));
        else
            weak[nweak++] = heads[i];
    }
    for (int i = 0; i < n; i++)
        add_move(moves, &nm, libs[i]);
    for (int i = 0; i < nweak; i++) {
        int wl[RACE_LIBS];
        int k = pl_libs(b, weak[i], wl, RACE_LIBS);
        if (k < n || (k == n && k <= 2))
            for (int j = 0; j < k; j++)
                add_move(moves, &nm, wl[j]);
    }
    for (int i = 0; i < nm; i++) {
        int m = moves[i];
        if (!tac_defence(b, m, c))
            continue;
        pl_board *nb = &t->stack[d + 1];
        pl_copy_play(nb, b, m, c);
        if (nb->cell[tg].color != c)
            continue;
        if (!attack(t, d + 1, tg))
            return 0;
    }
    /* pass: in a seki, every move of one's own loses */
    pl_copy_play(&t->stack[d + 1], b, 0, c);
    return attack(t, d + 1, tg);
}

int tac_defence(const pl_board *b, int m, int c)
{
    int size, cap;
    if (m == b->ko)
        return 0;
    int nl = pl_probe(b, m, c, &size, &cap);
    /* a self-atari without a capture never saves a string, it only
     * hastens the end */
    return nl >= 2 || (nl == 1 && cap > 0);
}

void tac_start(tac *t, const pl_board *b, long budget)
{
    t->nodes = 0;
    t->budget = budget;
    pl_copy(&t->stack[0], b);
    t->stack[0].ko = 0;
}

int tac_captured(tac *t, const pl_board *b, int pt, long budget)
{
    tac_start(t, b, budget);
    return defend(t, 0, pt);
}
