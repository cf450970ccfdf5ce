/*
 * lifedeath.c - the local life-and-death search of the dead-stone
 * estimator (lifedeath.h).
 *
 * The enclosure of a group: the points reachable from it through empty
 * points, its own unsettled stones and unsettled enemy stones, without
 * crossing settled enemy stones (the walls).  Both sides play only there;
 * the defender may also pass.  The attacker wins by capturing the target
 * string; the defender wins when the string becomes pass-alive inside the
 * enclosure (Benson's test with the walls as enemy), when it captures a
 * wall stone (it broke out), or when the attacker runs out of moves or of
 * budget.  A capture that the defender repays at once by taking more of
 * the attacker's stones is a trade, not a win (retakes_more).  So
 * "captured" is a proof and everything else "don't know".
 *
 * One board per ply is preallocated (ld_init); a move copies the board of
 * its ply into the next, as in tactics.c.  A transposition table, keyed
 * by the enclosure's points, the ko and the side to move, keeps the
 * search from reading the same fill order twice; a "not captured" stored
 * there may come from a cut-off, which can only cost a proof, never make
 * a false one.
 */
#include <string.h>
#include "score/lifedeath.h"

/* Liberties from which a settled enemy string is a wall and nothing
 * more; one with fewer may lose a race to the group, so the search plays
 * on its outside liberties too (without them, a seki against a short wall
 * reads as dead). */
enum { WALL_LIBS = 4 };
/* Proving life (ld_alive), the defender wins at once only by taking this
 * many wall stones: a smaller capture the attacker may take back or
 * answer outside the enclosure, and dead strings next to short walls
 * would read as alive. */
enum { BREAK_STONES = 4 };
/* Strings joined to the walls through eye-like points whose liberties the
 * enclosure takes in (add_joined), at most. */
enum { JOINED_STRINGS = 16 };

size_t ld_bytes(const sgf_position *p)
{
    return (LD_DEPTH + 1) * pl_bytes(p) + (size_t)p->b.npoints;
}

void ld_init(ld *t, const sgf_position *p, void *mem)
{
    size_t n = pl_bytes(p);
    /* each ply's board is a copy of the one before: attached, not loaded */
    for (int i = 0; i <= LD_DEPTH; i++)
        pl_attach(&t->stack[i], p, (char *)mem + (size_t)i * n);
    t->in = (uint8_t *)mem + (size_t)(LD_DEPTH + 1) * n;
    t->max_empty = LD_EMPTY;
    t->friends_stop = 0;
    t->connect = 0;
    t->join_safe = 0;
    memset(t->in, 0, (size_t)p->b.npoints);
    t->npts = 0;
    t->nwall = 0;
    t->nodes = 0;
    t->budget = 0;
}

/* The strings of colour col next to the point q, each once (their
 * heads, at most 4); returns how many. */
static int neighbour_strings(const pl_board *b, int q, int col, int *heads)
{
    return pl_add_neighbour_strings(b, q, col, heads, 0, 4);
}

/* Adds to joined (n strings so far) the strings next to q of str's
 * colour other than str when q is an eye-like point of that colour (all
 * neighbours that colour or off the board): a stone there joins them.
 * Returns the new count (at most JOINED_STRINGS). */
static int add_joined(const pl_board *b, int q, int str, int *joined, int n)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, a = cl[str].color;
    const int nb[4] = { q - s, q - 1, q + 1, q + s };
    for (int k = 0; k < 4; k++)
        if (cl[nb[k]].color != a && cl[nb[k]].color != BOARD_BORDER)
            return n;
    /* one slot more for str itself, which is then taken out */
    int m = pl_add_neighbour_strings(b, q, a, joined, n, JOINED_STRINGS + 1);
    for (int k = n; k < m; k++)
        if (joined[k] == cl[str].head) {
            memmove(joined + k, joined + k + 1,
                    (size_t)(m - k - 1) * sizeof *joined);
            m--;
            break;
        }
    return m < JOINED_STRINGS ? m : JOINED_STRINGS;
}

/* Adds the point q to the enclosure when there is room; 0 when not. */
static int add_point(ld *t, int q)
{
    if (t->in[q] || t->npts == LD_POINTS)
        return 0;
    t->in[q] = (uint8_t)(t->npts + 1);
    t->pts[t->npts++] = (uint16_t)q;
    return 1;
}

/* Builds the enclosure of the string on pt; 0 when it is too large, holds
 * a frozen point (settled by Benson) or reaches a settled friendly stone
 * (the group is connected to life: nothing to read) - unless t->friends_stop,
 * for ld_survives: there a settled friendly stone bounds the enclosure
 * as a wall does, alive; a group that reaches it in the search cannot be
 * captured inside the enclosure. */
static int enclose(ld *t, const pl_board *b, int pt, const uint8_t *settled)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, c = cl[pt].color, a = 3 - c;
    for (int i = 0; i < t->npts; i++)
        t->in[t->pts[i]] = 0;
    t->npts = 0;
    t->nwall = 0;
    t->enemies = 0;
    t->friends = 1;
    int nempty = 0;
    add_point(t, pt);
    for (int i = 0; i < t->npts; i++) {
        const int q = t->pts[i];
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        for (int k = 0; k < 4; k++) {
            int n = nb[k], col = cl[n].color;
            if (col == BOARD_BORDER || t->in[n])
                continue;
            if (col == a && settled[n]) {
                int dup = 0;
                for (int w = 0; w < t->nwall && !dup; w++)
                    dup = t->wall[w] == n;
                if (!dup && t->nwall < 4 * LD_POINTS)
                    t->wall[t->nwall++] = (uint16_t)n;
                continue;
            }
            if (col == c && settled[n] && t->friends_stop)
                continue;
            if ((col == c && settled[n]) || cl[n].frozen)
                return 0;
            if (col == SGF_EMPTY && ++nempty > t->max_empty)
                return 0;
            t->enemies += col == a;
            t->friends += col == c;
            if (!add_point(t, n))
                return 0;
        }
    }
    /* a wall short of liberties may die in a race with the group: its
     * outside liberties are points of the fight too (the search plays
     * there, it does not grow the enclosure from them).  With t->connect,
     * so are those of the short strings a wall joins through an outside
     * liberty that is its own eye-like point: joined, the wall has their
     * liberties, which the search must be able to fill. */
    int joined[JOINED_STRINGS + 1], njoined = 0;
    for (int w = 0; w < t->nwall + njoined; w++) {
        int libs[WALL_LIBS];
        int str = w < t->nwall ? t->wall[w] : joined[w - t->nwall];
        int n = pl_libs(b, str, libs, WALL_LIBS - 1);
        for (int k = 0; k < n && n < WALL_LIBS; k++) {
            int q = libs[k];
            if (t->connect)
                njoined = add_joined(b, q, str, joined, njoined);
            if (t->in[q])
                continue;
            /* proving life, a liberty left out only makes the wall
             * stronger: the answer stays on the safe side */
            if (t->friends_stop &&
                (cl[q].frozen || nempty >= t->max_empty || t->npts == LD_POINTS))
                continue;
            if (cl[q].frozen || ++nempty > t->max_empty || !add_point(t, q))
                return 0;
        }
    }
    return 1;
}

int ld_pass_alive(const ld *t, const pl_board *b, int pt)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride, c = cl[pt].color;
    /* strings of c in the enclosure, and regions: connected sets of its
     * other points (region[i] per point, -1 for c's stones) */
    int head[LD_POINTS], nstr = 0;
    int region[LD_POINTS], nreg = 0;
    int open[LD_POINTS];
    for (int i = 0; i < t->npts; i++) {
        region[i] = -1;
        int q = t->pts[i];
        if (cl[q].color == c && cl[q].head == q)
            head[nstr++] = q;
    }
    if (nstr > 64)
        return 0;   /* more strings than the bit sets hold: not proved */
    int queue[LD_POINTS];
    for (int i = 0; i < t->npts; i++) {
        if (cl[t->pts[i]].color == c || region[i] >= 0)
            continue;
        int r = nreg++, n = 0;
        open[r] = 0;
        region[i] = r;
        queue[n++] = i;
        for (int j = 0; j < n; j++) {
            const int q = t->pts[queue[j]];
            const int nb[4] = { q - s, q - 1, q + 1, q + s };
            for (int k = 0; k < 4; k++) {
                int m = nb[k], col = cl[m].color;
                if (col == BOARD_BORDER || col == c)
                    continue;
                if (!t->in[m]) {
                    open[r] = 1;    /* touches a wall: not an eye */
                    continue;
                }
                int x = t->in[m] - 1;
                if (region[x] < 0) {
                    region[x] = r;
                    queue[n++] = x;
                }
            }
        }
    }
    /* vital[r] has bit i when region r is vital to string i: closed, and
     * each of its empty points is a liberty of that string.  border[r]:
     * the strings around r. */
    uint64_t vital[LD_POINTS], border[LD_POINTS];
    for (int r = 0; r < nreg; r++) {
        vital[r] = open[r] ? 0 : ~(uint64_t)0 >> (64 - (nstr ? nstr : 1));
        border[r] = 0;
    }
    for (int i = 0; i < t->npts; i++) {
        int r = region[i];
        if (r < 0)
            continue;
        const int q = t->pts[i];
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        uint64_t touch = 0;
        for (int k = 0; k < 4; k++) {
            if (cl[nb[k]].color != c)
                continue;
            for (int j = 0; j < nstr; j++)
                if (cl[nb[k]].head == head[j])
                    touch |= (uint64_t)1 << j;
        }
        border[r] |= touch;
        if (cl[q].color == SGF_EMPTY)
            vital[r] &= touch;
    }
    /* Benson's fixpoint: drop strings with fewer than two vital regions
     * among the regions whose strings all still stand */
    uint64_t alive = nstr == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nstr) - 1;
    for (;;) {
        uint64_t next = 0;
        for (int j = 0; j < nstr; j++) {
            if (!(alive >> j & 1))
                continue;
            int count = 0;
            for (int r = 0; r < nreg && count < 2; r++)
                count += (vital[r] >> j & 1) && (border[r] & ~alive) == 0;
            if (count >= 2)
                next |= (uint64_t)1 << j;
        }
        if (next == alive)
            break;
        alive = next;
    }
    for (int j = 0; j < nstr; j++)
        if (head[j] == cl[pt].head)
            return (int)(alive >> j & 1);
    return 0;
}

static uint64_t key_of(const ld *t, const pl_board *b, int attacker_to_move)
{
    uint64_t k = board_mix64((uint64_t)b->ko << 1 | (uint64_t)attacker_to_move);
    for (int i = 0; i < t->npts; i++)
        k ^= board_mix64(((uint64_t)i << 2 | b->cell[t->pts[i]].color) + 0x9e37u);
    return k | 1;   /* 0 marks a free entry */
}

static int defend(ld *t, int d);

/* Does col's stone on the empty q join a string short of liberties
 * (pl_joins_short) to one of WALL_LIBS liberties or more?  The short
 * string is then out of reach for good. */
static int joins_safe(const pl_board *b, int q, int col)
{
    int heads[4], libs[WALL_LIBS], short_one = 0, safe = 0;
    int n = pl_add_neighbour_strings(b, q, col, heads, 0, 4);
    for (int k = 0; k < n && n >= 2; k++) {
        int l = pl_libs(b, heads[k], libs, WALL_LIBS);
        short_one |= l <= 2;
        safe |= l >= WALL_LIBS;
    }
    return short_one && safe;
}

/* Moves of colour col on ply d, best first: captures, then moves with two
 * liberties or more (vital points of small eye spaces before the rest),
 * then self-ataris (throw-ins: the attacker needs them to spoil an eye).
 * Never into col's own eye-like points (all neighbours col's or off the
 * board): filling them only shortens one's own liberties - unless the
 * stone joins a string short of liberties to another (pl_joins_short), when
 * t->connect, or, for the attacker when t->join_safe, to one of WALL_LIBS
 * liberties or more (joins_safe). */
static int gen_moves(const ld *t, int d, int col, int *moves)
{
    const pl_board *b = &t->stack[d];
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    int n = 0, rank[LD_POINTS];
    for (int i = 0; i < t->npts; i++) {
        int q = t->pts[i];
        if (cl[q].color != SGF_EMPTY || q == b->ko)
            continue;
        const int nb[4] = { q - s, q - 1, q + 1, q + s };
        int mine = 0;
        for (int k = 0; k < 4; k++)
            mine += cl[nb[k]].color == col || cl[nb[k]].color == BOARD_BORDER;
        int size, cap;
        int libs = pl_probe(b, q, col, &size, &cap);
        if (libs == 0 ||
            (mine == 4 && cap == 0 && !(t->connect && pl_joins_short(b, q, col)) &&
             !(t->join_safe && col != t->c && joins_safe(b, q, col))))
            continue;
        int r = cap > 0 ? 0 : libs >= 2 ? (pl_vital_point(b, q) == q ? 1 : 2) : 3;
        n = ranked_insert(moves, rank, n, LD_POINTS, q, r);
    }
    return n;
}

/* Is the node on ply d (attacker: the attacker to move) decided before
 * any move?  Then 1 and its answer in *result: 0 when cut by depth or
 * budget or when the target is pass-alive, else what the table holds.
 * Otherwise 0 and its table key in *key. */
static inline int node_known(ld *t, int d, int attacker, uint64_t *key,
                             int *result)
{
    *result = 0;
    if (d >= LD_DEPTH || ++t->nodes > t->budget) {
        t->cut = 1;
        return 1;
    }
    const pl_board *b = &t->stack[d];
    *key = key_of(t, b, attacker);
    if (tt_get(t->tt, LD_TT, *key, result))
        return 1;
    if (ld_pass_alive(t, b, t->tg)) {
        tt_put(t->tt, LD_TT, *key, 0);
        return 1;
    }
    return 0;
}

/* The attacker's move on ply d captured the target: can the defender
 * at once take more of the attacker's stones, ones that were there at
 * the start, than that move took?  Then the capture is a trade that
 * players leave alone (a seki), not a kill. */
static int retakes_more(const ld *t, int d, int move)
{
    const pl_board *after = &t->stack[d + 1];
    const pl_cell *cl = after->cell, *start = t->stack[0].cell;
    const int a = 3 - t->c;
    int size, lost;
    pl_probe(&t->stack[d], move, a, &size, &lost);
    for (int i = 0; i < t->npts; i++) {
        int q = t->pts[i], heads[4], taken = 0;
        if (cl[q].color != SGF_EMPTY || q == after->ko)
            continue;
        /* a string in atari next to the empty q has its last liberty
         * there: the defender's stone on q takes it */
        int n = neighbour_strings(after, q, a, heads);
        for (int k = 0; k < n; k++) {
            if (!pl_atari(after, heads[k]))
                continue;
            int h = heads[k], r = h;
            do {
                taken += start[r].color == a;
                r = cl[r].next;
            } while (r != h);
        }
        if (taken > lost)
            return 1;
    }
    return 0;
}

/* Attacker to move on ply d: 1 when it captures the target. */
static int attack(ld *t, int d)
{
    uint64_t key;
    int result;
    if (node_known(t, d, 1, &key, &result))
        return result;
    const pl_board *b = &t->stack[d];
    int moves[LD_POINTS];
    int n = gen_moves(t, d, 3 - t->c, moves);
    result = 0;
    for (int i = 0; i < n && !result; i++) {
        pl_board *nb = &t->stack[d + 1];
        pl_copy_play(nb, b, moves[i], 3 - t->c);
        if (nb->cell[t->tg].color != t->c)
            result = !retakes_more(t, d, moves[i]);
        else
            result = defend(t, d + 1);
    }
    if (t->nodes <= t->budget)
        tt_put(t->tt, LD_TT, key, result);
    return result;
}

/* Defender to move on ply d: 1 when the target is captured whatever it
 * does. */
static int defend(ld *t, int d)
{
    uint64_t key;
    int result;
    if (node_known(t, d, 0, &key, &result))
        return result;
    const pl_board *b = &t->stack[d];
    const int c = t->c, a = 3 - c;
    int moves[LD_POINTS];
    int n = gen_moves(t, d, c, moves);
    result = 1;
    for (int i = 0; i <= n && result; i++) {
        pl_board *nb = &t->stack[d + 1];
        /* past the last move, a pass: in a seki every move of one's own
         * loses */
        pl_copy_play(nb, b, i < n ? moves[i] : 0, c);
        if (i < n) {
            /* wall stones taken, whole strings counted */
            int broke_out = 0, heads[16], nh = 0;
            for (int w = 0; w < t->nwall; w++) {
                int q = t->wall[w];
                if (nb->cell[q].color == a)
                    continue;
                int h = b->cell[q].head, dup = 0;
                for (int j = 0; j < nh; j++)
                    dup |= heads[j] == h;
                if (dup || nh == 16)
                    continue;    /* past 16 strings: undercount, the safe side */
                heads[nh++] = h;
                broke_out += b->cell[h].size;
            }
            /* proving life, a small capture proves nothing: the
             * attacker may take back; that line counts as lost */
            if (broke_out > 0 && broke_out < t->breakout)
                continue;
            if (broke_out >= t->breakout) {
                result = 0;
                break;
            }
        }
        result = attack(t, d + 1);
    }
    if (t->nodes <= t->budget)
        tt_put(t->tt, LD_TT, key, result);
    return result;
}

/* The search from b with first to move, the defender winning at once by
 * taking breakout wall stones, on the enclosure enclose() built. */
static int search(ld *t, const pl_board *b, int pt, int first, long budget,
                  int breakout)
{
    t->tg = pt;
    t->c = b->cell[pt].color;
    t->nodes = 0;
    t->budget = budget;
    t->cut = 0;
    t->breakout = breakout;
    memset(t->tt, 0, sizeof t->tt);
    pl_copy(&t->stack[0], b);
    t->stack[0].ko = 0;
    return first == t->c ? defend(t, 0) : attack(t, 0);
}

int ld_dead(ld *t, const pl_board *b, int pt, const uint8_t *settled,
            int first, long budget)
{
    int c = b->cell[pt].color;
    t->max_empty = LD_EMPTY;
    /* a wall whose last liberties are its own false eyes is no fixed wall:
     * it connects out through them and then takes the string */
    t->connect = 1;
    int dead = (c == SGF_BLACK || c == SGF_WHITE) && enclose(t, b, pt, settled) &&
               search(t, b, pt, first, budget, 1) == 1;
    t->connect = 0;
    return dead;
}

/* Does a wall string touch a stone of c outside the enclosure that is not
 * settled?  Then the attacker may capture that stone to lengthen the
 * wall's liberties, which the search, playing in the enclosure only, never
 * tries. */
static int wall_touches_loose(const ld *t, const pl_board *b, int c,
                              const uint8_t *settled)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    for (int w = 0; w < t->nwall; w++) {
        int h = cl[t->wall[w]].head, q = h;
        do {
            const int nb[4] = { q - s, q - 1, q + 1, q + s };
            for (int k = 0; k < 4; k++)
                if (cl[nb[k]].color == c && !t->in[nb[k]] && !settled[nb[k]])
                    return 1;
            q = cl[q].next;
        } while (q != h);
    }
    return 0;
}

int ld_alive(ld *t, const pl_board *b, int pt, const uint8_t *settled,
             long budget)
{
    int c = b->cell[pt].color;
    t->max_empty = LD_EMPTY;
    /* the walls are not fixed: a short one may join its neighbours */
    t->connect = 1;
    /* the search's model (play inside only) holds for a small group alone
     * in its enclosure: no unsettled enemy stones there, a few stones of
     * its own, walls with nothing loose around */
    int lives = (c == SGF_BLACK || c == SGF_WHITE) && enclose(t, b, pt, settled) &&
                !t->enemies && t->friends <= LD_ALIVE_STONES &&
                !wall_touches_loose(t, b, c, settled) &&
                search(t, b, pt, 3 - c, budget, BREAK_STONES) == 0 && !t->cut;
    t->connect = 0;
    return lives;
}

/* A wall short of liberties may gain some by taking a string of the
 * group's colour that it holds in atari outside the enclosure: that
 * string's stones and its liberty become points of the search (where
 * there is room; left out, the wall is only weaker, the safe side for a
 * proof of life). */
static void add_wall_ataris(ld *t, const pl_board *b, int c)
{
    const pl_cell *cl = b->cell;
    const int s = b->stride;
    for (int w = 0; w < t->nwall; w++) {
        int libs[WALL_LIBS];
        const int h = cl[t->wall[w]].head;
        if (pl_libs(b, h, libs, WALL_LIBS) >= WALL_LIBS)
            continue;
        int q = h;
        do {
            const int nb[4] = { q - s, q - 1, q + 1, q + s };
            for (int k = 0; k < 4; k++) {
                const int n = nb[k];
                if (cl[n].color != c || t->in[n] || !pl_atari(b, n))
                    continue;
                const int sh = cl[n].head;
                int r = sh, lib;
                pl_libs(b, sh, &lib, 1);
                if (cl[lib].frozen || t->npts + cl[sh].size + 1 > LD_POINTS)
                    continue;
                do {
                    t->friends += add_point(t, r);
                    r = cl[r].next;
                } while (r != sh);
                add_point(t, lib);
            }
            q = cl[q].next;
        } while (q != h);
    }
}

int ld_survives(ld *t, const pl_board *b, int pt, const uint8_t *settled,
                long budget)
{
    int c = b->cell[pt].color;
    t->max_empty = LD_EMPTY_BIG;
    t->friends_stop = 1;
    int ok = (c == SGF_BLACK || c == SGF_WHITE) && enclose(t, b, pt, settled);
    t->friends_stop = 0;
    if (!ok)
        return 0;
    add_wall_ataris(t, b, c);
    /* a short wall the group could take connects to safety instead; the
     * other connections stay out (they cost living groups their proof) */
    t->join_safe = 1;
    int lives = search(t, b, pt, 3 - c, budget, BREAK_STONES) == 0 && !t->cut;
    t->join_safe = 0;
    return lives;
}
