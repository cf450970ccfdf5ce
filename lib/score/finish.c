/*
 * finish.c - plays out the end a record does not reach (finish.h).
 *
 * The dead stones stay on the board, dead: they are part of the areas
 * (connected sets of empty points and dead stones) and still take
 * liberties from the living strings around them, which is what makes
 * the teire.  An area touching living stones of one colour only is that
 * colour's; one touching both is open.  Each player in turn, starting
 * with the player to move:
 *
 *  1. saves its living string the last move left in atari: takes an
 *     enemy string in atari next to it, else extends (the teire); not a
 *     stone that a snapback protects, nor a string that only dead stones
 *     hold in atari (their capture would be one more dead stone);
 *  2. takes a living enemy string in atari that could not be saved,
 *     unless only its own dead stones hold it (the count removes them),
 *     a ko excepted (step 5);
 *     fills a point where the enemy's next stone would join its living
 *     stones to its dead ones (answers the threat to revive them);
 *  3. plays the point of an open area worth most to both sides (its own
 *     gain plus what the opponent would gain there: the deiri), counting
 *     the points of the open area that the move closes for one colour and
 *     the teire it forces (under territory scoring, one point to the
 *     mover alone that forces nothing counts as nothing: a dame); a
 *     point worth nothing only when it touches both colours (a dame) or
 *     lies in a neutral area of fewer than OPEN_UNSURE points (the
 *     approach to a dame, whose teire comes a move later); among points
 *     worth the same, one that hands the opponent no teire (territory
 *     scoring: a stone filling its own string's liberty lets an enemy
 *     stone push in and force an answer), then the one next to the
 *     string shortest of liberties;
 *  4. once no open point is left for it: fills a liberty of its string
 *     that has two left, both in its own territory, but that an enemy
 *     stone there would take all the same (the teire of a shortage of
 *     liberties: a dead stone takes one), unless a stone on the
 *     intruder's outside liberty makes the capture a snapback; taken
 *     too when that stone ataris another of its strings at once (and
 *     no single answer, a capture among them, saves both), or when the
 *     capture search takes the string whatever it answers;
 *  5. else takes a ko: the finish reads no ko threats, so a ko taken
 *     earlier would be won for nothing, and the records count a ko left
 *     open as its owner's, connected (doc/dead-stones-history.md);
 *  6. else passes; two passes end it.
 *
 * In the dame phase (few open points, nothing worth VALUE_UNSURE) the
 * order of the last dame decides who plays a teire, which no ranking of
 * single moves gets right: there the mover's boundary points next to a
 * short string or worth a point are read (search), each against the
 * enemy's answers of the same kind, the rest played out by the steps
 * above.
 *
 * Never a move that leaves its own string with one liberty, none next to
 * its own dead stones (that would revive them), no capture outside steps
 * 1, 2 and 5, no boundary move on a point the caller gives the enemy (the
 * playouts' sure owner: a stone there would die, and as a boundary it
 * would keep an area of the enemy open) unless the record stops in the
 * dame phase and the stone forces a teire.  Same position, same finish:
 * ties go to the lower point.
 */
#include <limits.h>
#include <string.h>
#include "score/finish.h"
#include "score/tactics.h"
#include "go/position.h"

enum {
    /* open points (in areas touching both colours) past which the
     * position is a game in progress, not an ending */
    OPEN_MAX = 200,
    /* points of a neutral area, not next to both colours, from which it
     * is a boundary nobody closed rather than dame (mark_open): most games
     * it flags from 4 were miscounted, few of those 3 adds */
    OPEN_UNSURE = 4,
    /* a boundary move worth this much to both sides together (its
     * deiri) is endgame the record did not play, not a dame: the living
     * strings next to it are unsettled, the count may be off by about
     * that much (doc/dead-stones-history.md, "Settled games") */
    VALUE_UNSURE = 3,
    /* a living string with this many of the record's stones is not taken
     * by the finish: the estimate kept it alive, and a finish that puts it
     * in atari has filled liberties its owner would have answered */
    KEEP_STONES = 3,
    /* the dame phase is read, not ranked (search), once the open points
     * are this few; the moves read are those next to a living string with
     * at most SEARCH_LIBS liberties, where the teire are, and the last
     * points worth something, whose order decides who plays them; none
     * are read when there are more than SEARCH_MOVES of them */
    SEARCH_OPEN = 24,
    SEARCH_LIBS = 2,
    SEARCH_MOVES = 16,
    /* lines a finish may play out before it stops reading: a bound for
     * hostile positions, far above what records use
     * (doc/dead-stones-history.md) */
    SEARCH_LINES = 500,
    /* nodes of the capture search that asks whether an intrusion into a
     * string's territory takes it (short_of_libs) */
    TEIRE_NODES = 500,
    NO_AREA = 0xffff
};

typedef struct fin {
    pl_board b;
    pl_board try;        /* scratch: a move tried before it is played */
    pl_board threat;     /* scratch: the enemy's stone after a teire tried */
    pl_board after;      /* scratch: the board after a boundary move or a
                          * teire's answer tried */
    const sgf_position *p;
    int territory;       /* territory scoring: a stone is worth nothing */
    uint8_t *dead;       /* per point: a stone counted dead */
    uint16_t *seen;      /* flood stamps */
    uint16_t stamp;
    uint16_t *queue;
    uint16_t *area;      /* per point: its area (label_areas), or NO_AREA */
    uint8_t *touch;      /* per area: colours of the living stones around */
    uint16_t *size;      /* per area: its points */
    uint8_t *seki;       /* per point: a living stone of a string in seki */
    int value;           /* the deiri of boundary's last answer */
    int lines;           /* lines the search may still play out */
    int open;            /* points of open areas (label_areas) */
    int ncand;           /* boundary's moves the search reads (cand) */
    int cand[SEARCH_MOVES];   /* the first SEARCH_MOVES of them */
    const unsigned char *owner;   /* per map index: its sure owner, or 0 */
    int dame_phase;      /* the record stops with SEARCH_OPEN open points
                          * or fewer: the board, not the playouts' owner,
                          * decides where a forcing dame may go */
    tac *tac;            /* the capture search of step 4, the finish's own
                          * line only: in the search's lines it doubled
                          * the time and moved no count */
} fin;

static size_t round_up(size_t n)
{
    return (n + 15) / 16 * 16;
}

/* Bytes of one fin's boards and arrays. */
static size_t fin_part(const sgf_position *p)
{
    size_t n = (size_t)p->b.npoints;
    return 4 * round_up(pl_bytes(p)) + round_up(n) + 4 * round_up(2 * n) +
           2 * round_up(n);
}

size_t fin_bytes(const sgf_position *p)
{
    /* the finish, the two its search plays out, the capture search */
    return 3 * fin_part(p) + round_up(tac_bytes(p));
}

static inline int living(const fin *f, int q)
{
    int c = f->b.cell[q].color;
    return (c == SGF_BLACK || c == SGF_WHITE) && !f->dead[q];
}

static inline int open_point(const fin *f, int q)
{
    int c = f->b.cell[q].color;
    return c == SGF_EMPTY || ((c == SGF_BLACK || c == SGF_WHITE) && f->dead[q]);
}

static void next_stamp(fin *f)
{
    if (++f->stamp == 0) {
        memset(f->seen, 0, (size_t)f->p->b.npoints * sizeof *f->seen);
        f->stamp = 1;
    }
}

/* Labels the areas; returns the points of open areas. */
static int label_areas(fin *f)
{
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride, n = f->p->b.npoints;
    int na = 0, open = 0;
    for (int q = 0; q < n; q++)
        f->area[q] = NO_AREA;
    for (int q = 0; q < n; q++) {
        if (f->area[q] != NO_AREA || !open_point(f, q))
            continue;
        int head = 0, tail = 0, touch = 0;
        f->queue[tail++] = (uint16_t)q;
        f->area[q] = (uint16_t)na;
        while (head < tail) {
            int r = f->queue[head++];
            const int nb[4] = { r - s, r - 1, r + 1, r + s };
            for (int k = 0; k < 4; k++) {
                int m = nb[k];
                if (cl[m].color == BOARD_BORDER)
                    continue;
                if (living(f, m)) {
                    touch |= cl[m].color;
                } else if (f->area[m] == NO_AREA) {
                    f->area[m] = (uint16_t)na;
                    f->queue[tail++] = (uint16_t)m;
                }
            }
        }
        f->touch[na] = (uint8_t)touch;
        f->size[na] = (uint16_t)tail;
        if (touch == 3)
            open += tail;
        na++;
    }
    f->open = open;
    return open;
}

/* Points of m's open area that a stone on m closes for each colour
 * (gain[SGF_BLACK], gain[SGF_WHITE]): the pieces of the area without m
 * that touch no living stone of the other colour.  One flood serves
 * both colours: a piece's flood stops once it has met living stones of
 * both (it closes nothing then), so m and each piece get stamps of
 * their own: a later flood that runs into an earlier piece's stamp has
 * met a piece that stopped that way (a piece flooded to the end holds
 * every point it could reach). */
static void closes(fin *f, int m, int gain[3])
{
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride;
    gain[SGF_BLACK] = gain[SGF_WHITE] = 0;
    /* the stamps of the call (m's, then up to four pieces') must not wrap */
    do
        next_stamp(f);
    while (f->stamp > UINT16_MAX - 4);
    const uint16_t first = f->stamp;
    f->seen[m] = first;
    const int nb[4] = { m - s, m - 1, m + 1, m + s };
    for (int k = 0; k < 4; k++) {
        int q = nb[k];
        if (f->seen[q] >= first || !open_point(f, q))
            continue;
        next_stamp(f);
        const uint16_t piece = f->stamp;
        int head = 0, tail = 0, touch = 0;
        f->queue[tail++] = (uint16_t)q;
        f->seen[q] = piece;
        while (head < tail && touch != 3) {
            int r = f->queue[head++];
            const int rn[4] = { r - s, r - 1, r + 1, r + s };
            for (int j = 0; j < 4; j++) {
                int u = rn[j], seen = f->seen[u];
                if (seen == piece || seen == first || cl[u].color == BOARD_BORDER)
                    continue;
                if (seen > first) {
                    touch = 3;   /* an earlier piece, stopped at both */
                    break;
                }
                if (living(f, u)) {
                    touch |= cl[u].color;
                    if (touch == 3)
                        break;
                } else {
                    f->seen[u] = piece;
                    f->queue[tail++] = (uint16_t)u;
                }
            }
        }
        if (!(touch & SGF_WHITE))
            gain[SGF_BLACK] += tail;
        if (!(touch & SGF_BLACK))
            gain[SGF_WHITE] += tail;
    }
}

/* Does the empty point m touch a dead stone of c?  A stone of c there
 * would join it to the living. */
static int touches_own_dead(const fin *f, int m, int c)
{
    const int s = f->b.stride;
    const int nb[4] = { m - s, m - 1, m + 1, m + s };
    for (int k = 0; k < 4; k++)
        if (f->b.cell[nb[k]].color == c && f->dead[nb[k]])
            return 1;
    return 0;
}

static int rescue(const fin *f, const pl_board *b, int q, int c);
static int save(const fin *f, const pl_board *b, int c);

/* Stones of the string on q that the record placed (not the finish). */
static int record_stones(const fin *f, const pl_board *b, int q)
{
    const pl_cell *cl = b->cell;
    int n = 0, r = q;
    do {
        n += f->p->b.color[r] == cl[r].color;
        r = cl[r].next;
    } while (r != q);
    return n;
}

/* Is the string on q out of reach of the opponent's fills: three
 * liberties, or liberties where an enemy stone would be taken at once
 * (eyes)?  Two liberties on the outside start a chase. */
static int out_of_reach(const pl_board *b, int q)
{
    int libs[3], size, cap;
    int n = pl_libs(b, q, libs, 2);
    if (n > 2)
        return 1;
    if (n < 2)
        return 0;
    for (int k = 0; k < n; k++)
        if (pl_probe(b, libs[k], 3 - b->cell[q].color, &size, &cap) >= 2 || cap > 0)
            return 0;
    return 1;
}

/* Are both liberties of the string on q (board b) points of its own
 * territory (areas of f touching its colour only)?  The finish plays
 * only in open areas: no chase starts there, the string is safe. */
static int libs_at_home(const fin *f, const pl_board *b, int q)
{
    int libs[3];
    if (pl_libs(b, q, libs, 2) != 2)
        return 0;
    for (int k = 0; k < 2; k++) {
        int a = f->area[libs[k]];
        if (a == NO_AREA || f->touch[a] != b->cell[q].color)
            return 0;
    }
    return 1;
}

/* May c put a quiet stone on the empty point m: no capture, two
 * liberties at least, not joining its dead stones, and no atari on a
 * living enemy string that the enemy cannot answer?  Deciding who lives
 * is the estimate's part: filling the liberties of a string in a race
 * or a seki would kill what it called alive.  Returns -1 for no, else
 * the teire it forces: the answers that fill a point of the enemy's own
 * territory (a point lost under territory scoring). */
static int quiet_move(fin *f, int m, int c)
{
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride;
    int size, cap;
    if (touches_own_dead(f, m, c) || pl_probe(&f->b, m, c, &size, &cap) < 2 ||
        cap > 0)
        return -1;
    const int nb[4] = { m - s, m - 1, m + 1, m + s };
    int libs[3], atari = 0, teire = 0;
    for (int k = 0; k < 4; k++)
        atari |= living(f, nb[k]) && cl[nb[k]].color == 3 - c &&
                 pl_libs(&f->b, nb[k], libs, 2) == 2;
    if (!atari)
        return 0;
    /* the atari is a teire when the answer leaves the string out of
     * reach: three liberties, eyes, or two liberties inside its own
     * territory; an answer that leaves two outside liberties starts a
     * chase.  The answer is the enemy's next move in the finish (save):
     * with another of its strings in atari it saves the largest, and
     * the atari left unanswered is no teire but a capture */
    pl_copy(&f->try, &f->b);
    pl_play(&f->try, m, c);
    int hit[4], n = 0;
    for (int k = 0; k < 4; k++)
        if (living(f, nb[k]) && cl[nb[k]].color == 3 - c && pl_atari(&f->try, nb[k]))
            hit[n++] = nb[k];
    if (!n)
        return 0;
    int answer = save(f, &f->try, 3 - c);
    if (!answer)
        return -1;
    int a = f->area[answer];
    teire = f->b.cell[answer].color == SGF_EMPTY && a != NO_AREA &&
            f->touch[a] == 3 - c;
    pl_play(&f->try, answer, 3 - c);
    for (int k = 0; k < n; k++)
        if (f->try.cell[hit[k]].color != 3 - c ||
            !(out_of_reach(&f->try, hit[k]) || libs_at_home(f, &f->try, hit[k])))
            return -1;
    return teire;
}

/* What c's quiet move is worth to c (closed: the points it closes,
 * forced: the teire it forces, quiet_move's answer): those points, the
 * teire under territory scoring, and the stone itself under area
 * scoring. */
static int worth(const fin *f, int closed, int forced)
{
    return closed + (f->territory ? forced : 1);
}

static void play(fin *f, int m, int c)
{
    pl_play(&f->b, m, c);
    f->dead[m] = 0;
}

/* The move that saves c's living string on q, in atari on board b: take
 * an enemy string in atari next to it, else extend.  0 for none. */
static int rescue(const fin *f, const pl_board *b, int q, int c)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    int h = cl[q].head, r = h, size, cap;
    do {
        const int rn[4] = { r - s, r - 1, r + 1, r + s };
        for (int j = 0; j < 4; j++) {
            int u = rn[j];
            if (cl[u].color != 3 - c || !pl_atari(b, u) ||
                (!f->dead[u] && record_stones(f, b, u) >= KEEP_STONES))
                continue;
            int l = atari_lib(b, u);
            if (l != b->ko && !touches_own_dead(f, l, c) &&
                pl_probe(b, l, c, &size, &cap) > 0)
                return l;
        }
        r = cl[r].next;
    } while (r != h);
    int l = atari_lib(b, q);
    if (l != b->ko && !touches_own_dead(f, l, c) &&
        pl_probe(b, l, c, &size, &cap) >= 2)
        return l;
    return 0;
}

/* Do only dead stones of c hold the string on q (board b) in atari?  The
 * count removes them: taking the string with them would revive them. */
static int held_by_dead(const fin *f, const pl_board *b, int q, int c)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    int r = q;
    do {
        const int rn[4] = { r - s, r - 1, r + 1, r + s };
        for (int j = 0; j < 4; j++)
            if (cl[rn[j]].color == c && !f->dead[rn[j]])
                return 0;
        r = cl[r].next;
    } while (r != q);
    return 1;
}

/* Is the stone on q (in atari on board b) protected by a snapback: the
 * enemy stone that takes it is left in atari in a string of two or more,
 * taken back at once on q (no ko)?  The exchange changes no count, so
 * the atari needs no answer, and filling its liberty would lose a point
 * under territory scoring.  A larger string taken would not come back. */
static int snapback(const pl_board *b, int q)
{
    int size, cap;
    int l = atari_lib(b, q);
    return pl_probe(b, l, 3 - b->cell[q].color, &size, &cap) == 1 && cap == 1 &&
           size >= 2;
}

/* Is the string on q (in atari on board b) held by dead enemy stones
 * alone, and would the enemy's capture join none of its living stones?
 * The capturing stone is one more dead stone (the stones it takes come
 * back as territory), so the atari needs no answer; a ko of dead stones
 * neither: the records leave them (doc/dead-stones-history.md). */
static int dead_threat(const fin *f, const pl_board *b, int q)
{
    const int s = b->stride, e = 3 - b->cell[q].color;
    if (!held_by_dead(f, b, q, e))
        return 0;
    int l = atari_lib(b, q);
    const int nb[4] = { l - s, l - 1, l + 1, l + s };
    for (int k = 0; k < 4; k++)
        if (b->cell[nb[k]].color == e && !f->dead[nb[k]])
            return 0;
    return 1;
}

/* Step 1: saves c's largest living string in atari on board b (a teire,
 * or the connection of a ko just taken).  Returns the move, 0 for none. */
static int save(const fin *f, const pl_board *b, int c)
{
    const pl_cell *cl = b->cell;
    int best = 0, most = 0;
    for (int q = 0; q < f->p->b.npoints; q++) {
        if (cl[q].color != c || cl[q].head != q || f->dead[q] ||
            cl[q].size <= most || !pl_atari(b, q) || snapback(b, q) ||
            dead_threat(f, b, q))
            continue;
        int m = rescue(f, b, q, c);
        if (m) {
            best = m;
            most = cl[q].size;
        }
    }
    return best;
}

/* Steps 2 and 5: the largest living enemy string in atari that c can
 * take (a snapback not; a ko capture only when kos is set), unless only
 * c's dead stones hold it.  0 for none. */
static int capture(const fin *f, int c, int kos)
{
    const pl_board *b = &f->b;
    const pl_cell *cl = b->cell;
    int best = 0, most = 0;
    for (int q = 0; q < f->p->b.npoints; q++) {
        if (cl[q].color != 3 - c || cl[q].head != q || f->dead[q] ||
            !pl_atari(b, q) || cl[q].size <= most)
            continue;
        int l = atari_lib(b, q), size, cap;
        if (l == b->ko || touches_own_dead(f, l, c) ||
            record_stones(f, b, q) >= KEEP_STONES || held_by_dead(f, b, q, c))
            continue;
        int libs = pl_probe(b, l, c, &size, &cap);
        if (libs >= 2 || (kos && libs == 1 && cap == 1 && size == 1)) {
            best = l;
            most = cl[q].size;
        }
    }
    return best;
}

/* Step 2b: an empty point where the opponent's next stone would join its
 * living stones to its dead ones (reviving them): c fills it first, as a
 * player answers that threat.  0 for none. */
static int guard(const fin *f, int c)
{
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride, o = 3 - c;
    for (int m = 0; m < f->p->b.npoints; m++) {
        if (cl[m].color != SGF_EMPTY || m == f->b.ko)
            continue;
        int alive = 0, dead = 0, size, cap;
        const int nb[4] = { m - s, m - 1, m + 1, m + s };
        for (int k = 0; k < 4; k++)
            if (cl[nb[k]].color == o) {
                alive |= !f->dead[nb[k]];
                dead |= f->dead[nb[k]];
            }
        if (alive && dead && !touches_own_dead(f, m, c) &&
            (pl_probe(&f->b, m, c, &size, &cap) >= 2 || cap > 0))
            return m;
    }
    return 0;
}

/* c's string on q is in atari on board t, from an enemy string of two
 * liberties next to it.  Can c take that string's other liberty, so that
 * the enemy's capture of q is a snapback?  Then the intruder dies, and
 * the stone c spends answers the one it takes: no teire.  Board u is
 * scratch. */
static int approach_answer(const fin *f, pl_board *u, const pl_board *t,
                           int q, int c)
{
    enum { MAX_HEADS = 16 };
    int heads[MAX_HEADS], libs[3], size, cap;
    int n = pl_add_string_neighbours(t, q, 3 - c, heads, 0, MAX_HEADS);
    for (int j = 0; j < n; j++) {
        if (pl_libs(t, heads[j], libs, 2) != 2)
            continue;
        for (int k = 0; k < 2; k++) {
            int a = libs[k];
            if (a == atari_lib(t, q) || a == t->ko || touches_own_dead(f, a, c) ||
                pl_probe(t, a, c, &size, &cap) < 2)
                continue;
            pl_copy(u, t);
            pl_play(u, a, c);
            if (u->cell[q].color == c && (!pl_atari(u, q) || snapback(u, q)))
                return 1;
        }
    }
    return 0;
}

/* Do c's strings on q and v, both in atari on board t, have one answer:
 * the capture of an enemy string in atari next to either that leaves
 * neither in atari?  The intruder then ends as a prisoner that pays for
 * the capturing stone, as after a teire.  Board u is scratch. */
static int capture_saves_both(pl_board *u, const pl_board *t, int q, int v)
{
    enum { MAX_HEADS = 16 };
    const int c = t->cell[q].color;
    int heads[MAX_HEADS], size, cap;
    int n = pl_add_string_neighbours(t, q, 3 - c, heads, 0, MAX_HEADS);
    n = pl_add_string_neighbours(t, v, 3 - c, heads, n, MAX_HEADS);
    for (int j = 0; j < n; j++) {
        if (!pl_atari(t, heads[j]))
            continue;
        int a = atari_lib(t, heads[j]);
        if (a == t->ko || pl_probe(t, a, c, &size, &cap) == 0)
            continue;
        pl_copy(u, t);
        pl_play(u, a, c);
        if (u->cell[q].color == c && u->cell[v].color == c &&
            !pl_atari(u, q) && !pl_atari(u, v))
            return 1;
    }
    return 0;
}

/* The enemy's stone on l (board t) put c's string on q in atari: does it
 * put another of c's strings next to l in atari too, with no single
 * answer for both (the intruder cannot be taken, no extension joins the
 * two, and no capture frees both: capture_saves_both)?  Then one of them
 * is lost.  Board u is scratch. */
static int double_atari(const fin *f, pl_board *u, const pl_board *t, int l,
                        int q, int c)
{
    const pl_cell *cl = t->cell;
    const int s = t->stride;
    int size, cap;
    if (pl_atari(t, l))
        return 0;
    const int nb[4] = { l - s, l - 1, l + 1, l + s };
    for (int k = 0; k < 4; k++) {
        int v = nb[k];
        if (cl[v].color != c || f->dead[v] || cl[v].head == cl[q].head ||
            !pl_atari(t, v))
            continue;
        int a = atari_lib(t, v);
        if (a == atari_lib(t, q) && pl_probe(t, a, c, &size, &cap) >= 2)
            continue;
        if (!capture_saves_both(u, t, q, v))
            return 1;
    }
    return 0;
}

/* Can the enemy of c take the string of c on q (two liberties, board
 * b) with a stone on one liberty, reviving its dead stones if it touches
 * them?  Taken when that stone ataris another of c's strings as well
 * (double_atari); not when c's answer makes the capture a snapback
 * (approach_answer); else when c can neither escape the atari nor take
 * the stone at once, or the capture search (c first) takes q all the
 * same: the chase that a one-move answer does not see.  A dead stone
 * takes a liberty: a string whose two liberties lie in its own territory
 * may still be short of them.  Boards t and u are scratch. */
static int short_of_libs(const fin *f, pl_board *t, pl_board *u,
                         const pl_board *b, int q, int c)
{
    int libs[3], size, cap;
    if (pl_libs(b, q, libs, 2) != 2)
        return 0;
    for (int k = 0; k < 2; k++) {
        int l = libs[k];
        if (l == b->ko || (pl_probe(b, l, 3 - c, &size, &cap) == 0 && cap == 0))
            continue;
        pl_copy(t, b);
        pl_play(t, l, 3 - c);
        if (t->cell[q].color != c)
            return 1;
        int atari = pl_atari(t, q);
        if (atari && double_atari(f, u, t, l, q, c))
            return 1;
        if (atari && approach_answer(f, u, t, q, c))
            continue;
        if ((atari && !rescue(f, t, q, c)) ||
            (f->tac && tac_captured(f->tac, t, q, TEIRE_NODES)))
            return 1;
    }
    return 0;
}

/* Does the string on q (board b) touch a living enemy string with two
 * liberties or fewer?  Then its liberties are a race or a seki, which
 * the estimate decides: filling one of them is no teire. */
static int touches_short_enemy(const fin *f, const pl_board *b, int q)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    int h = cl[q].head, r = h, libs[3];
    do {
        const int rn[4] = { r - s, r - 1, r + 1, r + s };
        for (int j = 0; j < 4; j++)
            if (cl[rn[j]].color == 3 - cl[q].color && !f->dead[rn[j]] &&
                pl_libs(b, rn[j], libs, 2) <= 2)
                return 1;
        r = cl[r].next;
    } while (r != h);
    return 0;
}

/* Step 4: the teire once the dame are filled: c's living string with
 * two liberties that the enemy could take (short_of_libs) gets a stone
 * on the liberty that leaves it safe.  A point of c's territory lost, as
 * players fill it before the count.  Liberties at home, or anywhere for
 * a string in no race: a liberty left on a dame that the enemy's stone
 * takes (the atari the finish refuses as the start of a chase, its
 * answer leaving the string short again) forces the teire all the
 * same.  0 for none. */
static int shortage(fin *f, int c)
{
    const pl_cell *cl = f->b.cell;
    int libs[3], size, cap;
    for (int q = 0; q < f->p->b.npoints; q++) {
        if (cl[q].color != c || cl[q].head != q || f->dead[q] ||
            pl_libs(&f->b, q, libs, 2) != 2 ||
            (!libs_at_home(f, &f->b, q) && touches_short_enemy(f, &f->b, q)) ||
            !short_of_libs(f, &f->try, &f->after, &f->b, q, c))
            continue;
        /* the liberty that gives the string most liberties */
        int best = 0, most = 1, more[3];
        pl_libs(&f->b, q, libs, 2);
        for (int k = 0; k < 2; k++) {
            int l = libs[k];
            if (l == f->b.ko || touches_own_dead(f, l, c) ||
                pl_probe(&f->b, l, c, &size, &cap) < 2)
                continue;
            pl_copy(&f->try, &f->b);
            pl_play(&f->try, l, c);
            int n = pl_libs(&f->try, q, more, 2);
            if (n == 2 && short_of_libs(f, &f->threat, &f->after, &f->try, q, c))
                continue;
            if (n > most) {
                best = l;
                most = n;
            }
        }
        if (best)
            return best;
    }
    return 0;
}

/* The teire that c's stone on m hands the enemy: m fills a liberty of
 * c's string, and an enemy stone on one of the two left now forces an
 * answer inside c's territory, which it did not before. */
static int teire_given(fin *f, int m, int c)
{
    int before[2], libs[3];
    pl_copy_play(&f->after, &f->b, m, c);
    if (pl_libs(&f->after, m, libs, 2) != 2)
        return 0;
    for (int k = 0; k < 2; k++)
        before[k] = quiet_move(f, libs[k], 3 - c);
    /* quiet_move reads f->b: swap the board after m in, and back */
    pl_board now = f->b;
    f->b = f->after;
    f->after = now;
    int given = 0;
    for (int k = 0; k < 2; k++) {
        int t = quiet_move(f, libs[k], 3 - c);
        if (before[k] <= 0 && t > given)
            given = t;
    }
    f->after = f->b;
    f->b = now;
    return given;
}

/* Step 3: the open point worth most to both sides.  0 for none. */
static int boundary(fin *f, int c)
{
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride;
    int best = 0, best_deiri = -1, best_given = 0, best_own = -1, best_short = 99;
    f->ncand = 0;
    for (int m = 0; m < f->p->b.npoints; m++) {
        if (cl[m].color != SGF_EMPTY || f->area[m] == NO_AREA ||
            f->touch[f->area[m]] != 3 || m == f->b.ko)
            continue;
        int around = 0;
        const int nb[4] = { m - s, m - 1, m + 1, m + s };
        for (int k = 0; k < 4; k++)
            if (living(f, nb[k]))
                around |= cl[nb[k]].color;
        int sure = f->owner ? f->owner[(m / s - 1) * f->p->b.width + m % s] : 0;
        /* no stone where the playouts give the opponent the point (a
         * record that stops early), save one that forces a teire once
         * the record is in the dame phase */
        int mine = around && (sure != 3 - c || f->dame_phase)
                       ? quiet_move(f, m, c) : -1;
        if (sure == 3 - c && mine <= 0)
            mine = -1;
        if (mine < 0)
            continue;
        int gain[3];
        closes(f, m, gain);
        int own = worth(f, gain[c], mine);
        int theirs = sure != c ? quiet_move(f, m, 3 - c) : -1;
        int other = theirs >= 0 ? worth(f, gain[3 - c], theirs) : 0;
        int deiri = own + other;
        /* one point to c alone, forcing nothing, counts as a dame: the
         * records that stop before such points show them taken by either
         * side, not by the first to move (doc/dead-stones-history.md) */
        if (f->territory && deiri == 1 && other == 0 && mine == 0)
            deiri = 0;
        /* a point worth nothing is played only as a dame, or in a neutral
         * area too small to be a boundary left open: there it takes a
         * liberty the enemy lacks, and the atari on the next point
         * forces the teire */
        if (deiri == 0 && around != 3 && f->size[f->area[m]] >= OPEN_UNSURE)
            continue;
        /* among points worth the same, one that hands the enemy no teire,
         * then the one next to the string (of either colour) shortest of
         * liberties: where the teire will be */
        int shortest = 99, libs[4];
        for (int k = 0; k < 4; k++)
            if (living(f, nb[k])) {
                int n = pl_libs(&f->b, nb[k], libs, 3);
                if (n < shortest)
                    shortest = n;
            }
        if (shortest <= SEARCH_LIBS || deiri > 0) {
            if (f->ncand < SEARCH_MOVES)
                f->cand[f->ncand] = m;
            f->ncand++;
        }
        int given = f->territory && deiri >= best_deiri ? teire_given(f, m, c) : 0;
        if (deiri > best_deiri ||
            (deiri == best_deiri && given < best_given) ||
            (deiri == best_deiri && given == best_given && own > best_own) ||
            (deiri == best_deiri && given == best_given && own == best_own &&
             shortest < best_short)) {
            best = m;
            best_given = given;
            best_deiri = deiri;
            best_own = own;
            best_short = shortest;
        }
    }
    f->value = best_deiri;
    return best;
}

/* Marks the living stones of strings holding a stone map calls seki. */
static void mark_seki(fin *f, const unsigned char *map)
{
    const pl_cell *cl = f->b.cell;
    const sgf_position *p = f->p;
    memset(f->seki, 0, (size_t)p->b.npoints);
    for (int q = 0; q < p->b.npoints; q++) {
        if (!living(f, q))
            continue;
        int x = q % p->b.stride, y = q / p->b.stride - 1;
        if (p->b.color[q] == cl[q].color && (map[y * p->b.width + x] & SGF_MAP_SEKI))
            f->seki[cl[q].head] = 1;
    }
    for (int q = 0; q < p->b.npoints; q++)
        if (living(f, q))
            f->seki[q] = f->seki[cl[q].head];
}

/* The count of the finished board into map (fin_finish). */
static void write_count(fin *f, unsigned char *map)
{
    const sgf_position *p = f->p;
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride;
    const int no_seki_points = f->territory && p->h.rules.tax != SGF_TAX_NONE;
    mark_seki(f, map);
    /* an area next to a living string in seki counts for nobody under
     * territory rules: reuse touch's spare bit 4 for it */
    for (int q = 0; q < p->b.npoints; q++) {
        if (f->area[q] == NO_AREA)
            continue;
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++)
            if (living(f, nb[k]) && f->seki[nb[k]])
                f->touch[f->area[q]] |= 4;
    }
    for (int y = 0; y < p->b.height; y++)
        for (int x = 0; x < p->b.width; x++) {
            int q = (y + 1) * s + x, i = y * p->b.width + x;
            int oc = p->b.color[q], fc = cl[q].color;
            int alive = living(f, q);
            if (oc != SGF_EMPTY && !(map[i] & SGF_MAP_DEAD) && !(alive && fc == oc))
                map[i] = (unsigned char)((map[i] & ~(SGF_MAP_UNSETTLED | SGF_MAP_SEKI)) |
                                         SGF_MAP_DEAD);
            if (alive && fc == oc)
                continue;
            int owner;
            if (alive) {
                owner = f->territory ? 0 : fc;   /* a stone the finish placed */
            } else {
                int t = f->touch[f->area[q]];
                owner = (t & 3) == SGF_BLACK || (t & 3) == SGF_WHITE ? t & 3 : 0;
                if ((t & 4) && no_seki_points)
                    owner = 0;
            }
            map[i] = (unsigned char)((map[i] & ~SGF_MAP_OWNER) | SGF_MAP_MARKED | owner);
        }
}

/* Marks SGF_MAP_UNSETTLED the stones of p's living strings next to m
 * (on the finished board, without the stones the finish placed). */
static void mark_around(const fin *f, int m, unsigned char *map)
{
    const sgf_position *p = f->p;
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride;
    const int nb[4] = { m - s, m - 1, m + 1, m + s };
    for (int k = 0; k < 4; k++) {
        if (!living(f, nb[k]))
            continue;
        int h = cl[nb[k]].head, r = h;
        do {
            if (p->b.color[r] == cl[r].color)
                map[(r / s - 1) * p->b.width + r % s] |= SGF_MAP_UNSETTLED;
            r = cl[r].next;
        } while (r != h);
    }
}

/* Lays f's boards and arrays over mem (fin_part bytes) for p. */
static void layout(fin *f, const sgf_position *p, void *mem)
{
    const size_t n = (size_t)p->b.npoints;
    char *at = mem;
    f->p = p;
    f->territory = p->h.rules.scoring == SGF_SCORING_TERRITORY;
    pl_attach(&f->b, p, at);
    at += round_up(pl_bytes(p));
    pl_attach(&f->try, p, at);
    at += round_up(pl_bytes(p));
    pl_attach(&f->threat, p, at);
    at += round_up(pl_bytes(p));
    pl_attach(&f->after, p, at);
    at += round_up(pl_bytes(p));
    f->dead = (uint8_t *)at;
    at += round_up(n);
    f->seen = (uint16_t *)at;
    at += round_up(2 * n);
    f->queue = (uint16_t *)at;
    at += round_up(2 * n);
    f->area = (uint16_t *)at;
    at += round_up(2 * n);
    f->size = (uint16_t *)at;
    at += round_up(2 * n);
    f->touch = (uint8_t *)at;
    at += round_up(n);
    f->seki = (uint8_t *)at;
    memset(f->seen, 0, n * sizeof *f->seen);
    f->stamp = 0;
    f->ncand = 0;
    f->tac = NULL;
}

/* Lays f over mem for p, its board b and the dead stones of map. */
static void setup(fin *f, const sgf_position *p, const pl_board *b, void *mem,
                  const unsigned char *map, int first)
{
    layout(f, p, mem);
    f->dame_phase = 0;
    pl_copy(&f->b, b);
    /* the ban binds the player to move; the other moving first means a
     * move elsewhere came between, and the ban is gone */
    f->b.ko = p->b.ko_color == p->h.to_move && first == p->h.to_move
                  ? p->b.ko_point : 0;
    f->b.last = 0;
    for (int q = 0; q < p->b.npoints; q++) {
        int c = f->b.cell[q].color;
        f->dead[q] = 0;
        if (c == SGF_BLACK || c == SGF_WHITE) {
            int x = q % p->b.stride, y = q / p->b.stride - 1;
            f->dead[q] = (map[y * p->b.width + x] & SGF_MAP_DEAD) != 0;
        }
    }
}

/* Marks SGF_MAP_UNSETTLED the living strings of p (the stones the record
 * placed) around each open area (labelled) with at least OPEN_UNSURE
 * points that touch at most one colour: a neutral region that large is
 * no dame but a boundary nobody closed, a position counted before its
 * end; whoever gets it is not known.  Returns the strings marked. */
static int mark_open(fin *f, unsigned char *map)
{
    const sgf_position *p = f->p;
    const pl_cell *cl = f->b.cell;
    const int s = f->b.stride;
    int marked = 0;
    /* touch bit 8: the area holds OPEN_UNSURE such points; count them in
     * seen[] by area (seen is free once the labels are made) */
    memset(f->seen, 0, (size_t)p->b.npoints * sizeof *f->seen);
    for (int q = 0; q < p->b.npoints; q++) {
        if (f->area[q] == NO_AREA || (f->touch[f->area[q]] & 3) != 3)
            continue;
        int around = 0;
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++)
            if (living(f, nb[k]))
                around |= cl[nb[k]].color;
        if (around != 3 && ++f->seen[f->area[q]] == OPEN_UNSURE)
            f->touch[f->area[q]] |= 8;
    }
    for (int q = 0; q < p->b.npoints; q++) {
        if (!living(f, q) || p->b.color[q] != cl[q].color)
            continue;
        int open = 0;
        int h = cl[q].head, r = h;
        do {
            const int nb[4] = { r - s, r - 1, r + 1, r + s };
            for (int k = 0; k < 4; k++)
                open |= f->area[nb[k]] != NO_AREA && (f->touch[f->area[nb[k]]] & 8);
            r = cl[r].next;
        } while (r != h && !open);
        if (!open)
            continue;
        int x = q % s, y = q / s - 1;
        unsigned char *m = &map[y * p->b.width + x];
        marked += !(*m & SGF_MAP_UNSETTLED) && q == h;
        *m |= SGF_MAP_UNSETTLED;
    }
    f->stamp = 0;   /* seen[] was used: start the stamps again */
    memset(f->seen, 0, (size_t)p->b.npoints * sizeof *f->seen);
    return marked;
}

int fin_open(const sgf_position *p, const pl_board *b, void *mem,
             unsigned char *map)
{
    fin f;
    setup(&f, p, b, mem, map, p->h.to_move);
    f.owner = NULL;
    label_areas(&f);
    return mark_open(&f, map);
}

/* The finish's move for c, 0 for a pass (steps 1 to 5).  With alternatives
 * set, *alternatives tells whether c could play a boundary move instead,
 * left in f->cand (step 1's save among them: a teire or a ko connection
 * may wait while a dame forces the enemy's teire).  map, when not NULL,
 * gets the strings around a boundary move too large for a dame marked
 * unsettled. */
static int policy(fin *f, int c, unsigned char *map, int *alternatives)
{
    int want = alternatives != NULL, found = 0;
    int m = save(f, &f->b, c);
    if (m && want && f->open <= SEARCH_OPEN && boundary(f, c)) {
        found = 1;
        int k = 0;
        while (k < f->ncand && k < SEARCH_MOVES && f->cand[k] != m)
            k++;
        if (k == f->ncand && k < SEARCH_MOVES)
            f->cand[f->ncand++] = m;
    }
    if (!m)
        m = capture(f, c, 0);
    if (!m)
        m = guard(f, c);
    if (!m) {
        m = boundary(f, c);
        found = m != 0;
        if (m && map && f->value >= VALUE_UNSURE)
            mark_around(f, m, map);
    }
    if (want)
        *alternatives = found;
    if (!m)
        m = shortage(f, c);
    if (!m)
        m = capture(f, c, 1);
    return m;
}

/* Plays m for c (0: a pass) on f, and relabels its areas. */
static void move(fin *f, int m, int c, int *passes)
{
    if (m) {
        play(f, m, c);
        label_areas(f);
        *passes = 0;
    } else {
        f->b.last = 0;
        f->b.ko = 0;
        (*passes)++;
    }
}

/* What the finished board f is worth to c against the enemy: areas of
 * one colour, and under territory scoring the prisoners (enemy stones
 * dead in them, and those taken since the board from, where the search
 * started); under area scoring the living stones. */
static int balance(const fin *f, const fin *from, int c)
{
    int score[4] = { 0, 0, 0, 0 };
    for (int q = 0; q < f->p->b.npoints; q++) {
        int col = f->b.cell[q].color;
        if (col == BOARD_BORDER)
            continue;
        int a = f->area[q];
        if (a != NO_AREA) {
            int t = f->touch[a] & 3;
            if (t == SGF_BLACK || t == SGF_WHITE)
                score[t] += 1 + (f->territory && col == 3 - t);
        } else if (!f->territory && living(f, q)) {
            score[col]++;
        }
        int was = from->b.cell[q].color;
        if (f->territory && (was == SGF_BLACK || was == SGF_WHITE) && col != was)
            score[3 - was]++;
    }
    return score[c] - score[3 - c];
}

static void finish_from(fin *f, int c, int passes, int moves, int limit,
                        fin *g, unsigned char *map);

/* g := f, then c plays t on g. */
static void branch(fin *g, const fin *f, int t, int c)
{
    pl_copy(&g->b, &f->b);
    memcpy(g->dead, f->dead, (size_t)f->p->b.npoints);
    g->territory = f->territory;
    g->owner = f->owner;
    g->dame_phase = f->dame_phase;
    int passes = 0;
    move(g, t, c, &passes);
}

/* Can the search read the alternatives that policy left in f->cand: few
 * open points, and not too many moves? */
static int readable(const fin *f)
{
    return f->open <= SEARCH_OPEN && f->ncand >= 1 && f->ncand <= SEARCH_MOVES;
}

/* What c's move t on f is worth to c: each boundary answer of the enemy
 * (its policy's first), played out to the end on h, and the worst of
 * them for c; the policy's finish when the answer is not readable.  Stops
 * at a value of bound or less (no better than a move already read).
 * Each line played out is taken from f->lines. */
static int value_of(fin *f, int t, int c, int moves, int limit, fin *g,
                    fin *h, int bound)
{
    branch(g, f, t, c);
    int alternatives;
    int r = policy(g, 3 - c, NULL, &alternatives);
    if (!alternatives || !readable(g)) {
        f->lines--;
        if (moves + 1 < limit) {    /* the enemy's r, then the finish */
            int passes = 0;
            move(g, r, 3 - c, &passes);
            finish_from(g, c, passes, moves + 2, limit, NULL, NULL);
        }
        return balance(g, f, c);
    }
    int worst = 0;
    for (int k = -1; k < g->ncand; k++) {
        int u = k < 0 ? r : g->cand[k];
        if (k >= 0 && u == r)
            continue;
        branch(h, g, u, 3 - c);
        f->lines--;
        finish_from(h, c, 0, moves + 2, limit, NULL, NULL);
        int v = balance(h, f, c);
        if (k < 0 || v < worst)
            worst = v;
        if (worst <= bound)
            break;
    }
    return worst;
}

/* The move of c in the dame phase: of the policy's m and c's boundary
 * moves next to a short string or worth a point, the one worth most to
 * c whatever the enemy answers (value_of), m unless another is worth
 * strictly more.  The order of the last dame and one-point moves decides
 * who plays the teire, which a ranking of single moves misses
 * (doc/dead-stones-history.md). */
static int search(fin *f, int m, int c, int moves, int limit, fin *g, fin *h)
{
    if (!readable(f) || f->value >= VALUE_UNSURE || f->lines <= 0)
        return m;   /* endgame left, not the dame phase; or read enough */
    int best = m, best_value = 0;
    if (limit > moves + 4 * f->open + 20)
        limit = moves + 4 * f->open + 20;   /* a line as long as a finish from here */
    for (int k = -1; k < f->ncand; k++) {
        int t = k < 0 ? m : f->cand[k];
        if (k >= 0 && t == m)
            continue;
        int v = value_of(f, t, c, moves, limit, g, h, k < 0 ? INT_MIN : best_value);
        if (k < 0 || v > best_value) {
            best = t;
            best_value = v;
        }
    }
    return best;
}

/* The finish from f's board with c to move, passes and moves so far, at
 * most limit moves; g, when not NULL, holds the two boards the search
 * plays out on (none: the policy alone, as within the search). */
static void finish_from(fin *f, int c, int passes, int moves, int limit,
                        fin *g, unsigned char *map)
{
    while (passes < 2 && moves < limit) {
        int alternatives = 0;
        int m = policy(f, c, map, g ? &alternatives : NULL);
        if (alternatives)
            m = search(f, m, c, moves, limit, g, g + 1);
        move(f, m, c, &passes);
        c = 3 - c;
        moves++;
    }
}

int fin_finish(const sgf_position *p, const pl_board *b, void *mem,
               unsigned char *map, const unsigned char *owner, int first)
{
    fin f, g[2];
    tac tc;
    setup(&f, p, b, mem, map, first);
    f.owner = owner;
    int open = label_areas(&f);
    f.dame_phase = open <= SEARCH_OPEN;
    if (open > OPEN_MAX) {
        mark_open(&f, map);
        return 0;
    }
    layout(&g[0], p, (char *)mem + fin_part(p));
    layout(&g[1], p, (char *)mem + 2 * fin_part(p));
    tac_init(&tc, p, (char *)mem + 3 * fin_part(p));
    f.tac = &tc;
    f.lines = SEARCH_LINES;
    finish_from(&f, first, 0, 0, 4 * open + 20, g, map);
    write_count(&f, map);
    mark_open(&f, map);
    return 1;
}
