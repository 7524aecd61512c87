/* Stage one of whist_shapes in C: the tabu min-conflicts search over partner
   classes and x (Shapes.solve in whist_shapes.py, move for move the same rules).
   In Python a move costs about 1.7 ms and a stage-one run seconds, which is what
   kept 77 to 112 out of reach; here a move is a few microseconds.
   Compiled with dlx.c into one library by _native.py. */
#include <stdint.h>
#include <stdlib.h>

#include "random.h"
#include "tally.h"

static int Q, INF;
static int *CLS; /* class of a difference 0..q-1 */

/* The opponent classes of table k as (d1, d2, x), into out; how many. */
static int opponents(int k, int d1, int d2, int x, int *out) {
    int q = Q;
    x = ((x % q) + q) % q;
    if (INF && k == 0) {
        out[0] = CLS[x];
        out[1] = CLS[((x - d1) % q + q) % q];
        return 2;
    }
    out[0] = CLS[x];
    out[1] = CLS[(x + d2) % q];
    out[2] = CLS[((x - d1) % q + q) % q];
    out[3] = CLS[((x - d1 + d2) % q + q) % q];
    return 4;
}

typedef struct {
    int j; /* -1 for a new x of table k alone */
    int a[3], b[3];
} Move;

static int move_change(int *count, const int *tables, int k, const Move *m) {
    int old[8], new_[8], n_old, n_new;
    n_old = opponents(k, tables[3 * k], tables[3 * k + 1], tables[3 * k + 2], old);
    n_new = opponents(k, m->a[0], m->a[1], m->a[2], new_);
    if (m->j >= 0) {
        int j = m->j;
        n_old += opponents(j, tables[3 * j], tables[3 * j + 1], tables[3 * j + 2], old + n_old);
        n_new += opponents(j, m->b[0], m->b[1], m->b[2], new_ + n_new);
    }
    return marginal(count, old, n_old, new_, n_new);
}

static void tally(int *count, const int *tables, int k, int by) {
    int seats[4];
    int n = opponents(k, tables[3 * k], tables[3 * k + 1], tables[3 * k + 2], seats);
    for (int i = 0; i < n; i++) count[seats[i]] += by;
}

/* tables: n_tables rows of (d1, d2, x), changed in place. Returns the cost left
   (0: every opponent class met twice), after at most max_moves moves. */
int shapes_solve(int q, int inf, int n_tables, int *tables, uint64_t seed, long max_moves,
                 int tenure, double noise) {
    int half = (q - 1) / 2;
    Q = q; INF = inf; rng_state = seed;
    CLS = malloc(sizeof(int) * q);
    for (int d = 0; d < q; d++) CLS[d] = d < q - d ? d : q - d;
    int *count = calloc(half + 1, sizeof(int));
    long *tabu = malloc(sizeof(long) * n_tables * q);
    for (int i = 0; i < n_tables * q; i++) tabu[i] = -1;
    int *bad = malloc(sizeof(int) * n_tables);
    Move *moves = malloc(sizeof(Move) * (q + 4 * n_tables));
    for (int k = 0; k < n_tables; k++) tally(count, tables, k, 1);
    int cost = tally_cost(count, half);
    for (long move = 0; move < max_moves && cost != 0; move++) {
        int n_bad = 0;
        for (int k = 0; k < n_tables; k++) {
            int seats[4];
            int n = opponents(k, tables[3 * k], tables[3 * k + 1], tables[3 * k + 2], seats);
            for (int i = 0; i < n; i++)
                if (count[seats[i]] > 2 || (seats[i] == 0 && count[0])) { bad[n_bad++] = k; break; }
        }
        int k = bad[below(n_bad)];
        int d1 = tables[3 * k], d2 = tables[3 * k + 1], x = tables[3 * k + 2];
        int n_moves = 0;
        for (int y = 1; y < q; y++) {
            if (y == x) continue;
            Move *m = &moves[n_moves++];
            m->j = -1; m->a[0] = d1; m->a[1] = d2; m->a[2] = y;
        }
        int singles = n_moves;
        for (int j = 0; j < n_tables; j++) {
            if (j == k) continue;
            int e[2] = {tables[3 * j], tables[3 * j + 1]}, z = tables[3 * j + 2];
            for (int mine = 0; mine < (inf && k == 0 ? 1 : 2); mine++)
                for (int theirs = 0; theirs < (inf && j == 0 ? 1 : 2); theirs++) {
                    Move *m = &moves[n_moves++];
                    int a[2] = {d1, d2}, b[2] = {e[0], e[1]};
                    int t = a[mine]; a[mine] = b[theirs]; b[theirs] = t;
                    m->j = j;
                    m->a[0] = a[0]; m->a[1] = a[1]; m->a[2] = x;
                    m->b[0] = b[0]; m->b[1] = b[1]; m->b[2] = z;
                }
        }
        Move *chosen = NULL;
        int change = 0;
        if (uniform() < noise) {
            chosen = &moves[below(n_moves)];
            change = move_change(count, tables, k, chosen);
        } else {
            /* The best allowed move, ties drawn uniformly (reservoir of one). */
            int ties = 0;
            int trades_allowed = tabu[k * q + x] <= move;
            for (int i = 0; i < n_moves; i++) {
                if (i < singles ? tabu[k * q + moves[i].a[2]] > move : !trades_allowed) continue;
                int c = move_change(count, tables, k, &moves[i]);
                if (chosen == NULL || c < change) { chosen = &moves[i]; change = c; ties = 1; }
                else if (c == change && below(++ties) == 0) chosen = &moves[i];
            }
            if (chosen == NULL) continue;
        }
        tabu[k * q + x] = move + tenure;
        tally(count, tables, k, -1);
        if (chosen->j >= 0) tally(count, tables, chosen->j, -1);
        for (int i = 0; i < 3; i++) tables[3 * k + i] = chosen->a[i];
        if (chosen->j >= 0) {
            for (int i = 0; i < 3; i++) tables[3 * chosen->j + i] = chosen->b[i];
            tally(count, tables, chosen->j, 1);
        }
        tally(count, tables, k, 1);
        cost += change;
    }
    free(CLS); free(count); free(tabu); free(bad); free(moves);
    return cost;
}

int dlx_solve(int n_items, int n_prim, int n_options, const int *starts, const int *items,
              uint64_t seed, long first_limit, int tries, int *out);

/* Stage two (Shapes.tile): place every shape, or its mirror, at a translate so the
   tables partition the players; the options are built here too, because building
   them in Python cost thirty times the cover itself. Writes the flat starter
   (INF as -1, tables in order) to out and returns 1; 0 if they do not tile, -1
   if the node limit ran out first. */
int shapes_tile(int q, int inf, int n_tables, const int *tables, uint64_t seed, long nodes,
                int *out) {
    int *taken = calloc(q, sizeof(int)), *point_item = malloc(sizeof(int) * q);
    int first = inf ? 1 : 0, placed_tables = n_tables - first;
    taken[0] = 1;
    if (inf) {
        int d = tables[0], x = tables[2];
        taken[x % q] = 1;
        taken[((x - d) % q + q) % q] = 1;
    }
    int n_items = placed_tables;
    for (int p = 0; p < q; p++) point_item[p] = taken[p] ? -1 : n_items++;
    int max_options = placed_tables * 2 * q;
    int *starts = malloc(sizeof(int) * (max_options + 1)), *items = malloc(sizeof(int) * 5 * max_options);
    int *seat_of = malloc(sizeof(int) * 5 * max_options); /* table, then its four players */
    int n_options = 0, n_cells = 0;
    starts[0] = 0;
    for (int k = first; k < n_tables; k++) {
        int d1 = tables[3 * k], d2 = tables[3 * k + 1], x = tables[3 * k + 2];
        int shape[4] = {0, ((-d1) % q + q) % q, ((-x) % q + q) % q, ((-x - d2) % q + q) % q};
        /* For odd q no 4-set is its own translate, so the mirror images repeat the
           translates either all (a symmetric shape) or none. */
        int symmetric = 0;
        for (int u = 0; u < q && !symmetric; u++) {
            int all = 1;
            for (int i = 0; i < 4 && all; i++) {
                int m = ((u - shape[i]) % q + q) % q, in = 0;
                for (int j = 0; j < 4; j++) in |= shape[j] == m;
                all = in;
            }
            symmetric = all;
        }
        for (int sign = 1; sign >= (symmetric ? 1 : -1); sign -= 2)
            for (int t = 0; t < q; t++) {
                int seat[4], ok = 1;
                for (int i = 0; i < 4; i++) {
                    seat[i] = ((t + sign * shape[i]) % q + q) % q;
                    if (taken[seat[i]]) ok = 0;
                }
                if (!ok) continue;
                items[n_cells++] = k - first;
                for (int i = 0; i < 4; i++) items[n_cells++] = point_item[seat[i]];
                seat_of[5 * n_options] = k;
                for (int i = 0; i < 4; i++) seat_of[5 * n_options + 1 + i] = seat[i];
                starts[++n_options] = n_cells;
            }
    }
    int *chosen = malloc(sizeof(int) * (n_items + 1));
    int found = dlx_solve(n_items, n_items, n_options, starts, items, seed, nodes, 1, chosen);
    if (found > 0) {
        int w = 0;
        if (inf) {
            out[w++] = -1; out[w++] = 0; out[w++] = tables[2] % q;
            out[w++] = ((tables[2] - tables[0]) % q + q) % q;
        }
        /* Tables in order, as Shapes.tile gives them. */
        for (int k = first; k < n_tables; k++)
            for (int i = 0; i < found; i++)
                if (seat_of[5 * chosen[i]] == k)
                    for (int j = 0; j < 4; j++) out[w++] = seat_of[5 * chosen[i] + 1 + j];
    }
    free(taken); free(point_item); free(starts); free(items); free(seat_of); free(chosen);
    return found > 0 ? 1 : found;
}

static void shuffle(int *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = below(i + 1), t = a[i];
        a[i] = a[j]; a[j] = t;
    }
}

static void sort_small(int *a, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) { int t = a[j]; a[j] = a[j - 1]; a[j - 1] = t; }
}

/* The walk (Shapes.walk): two tables trade a partner class (or not) and take new
   x values giving back the same opponent classes. 1 if it moved, 0 if the pair
   drawn has no such move. Run here because in Python it cost five times the
   tiling it feeds. */
int shapes_walk(int q, int inf, int n_tables, int *tables, uint64_t seed) {
    Q = q; INF = inf; rng_state = seed;
    CLS = malloc(sizeof(int) * q);
    for (int d = 0; d < q; d++) CLS[d] = d < q - d ? d : q - d;
    int *firsts = malloc(sizeof(int) * q), *seconds = malloc(sizeof(int) * q);
    int k = below(n_tables), j = below(n_tables - 1);
    if (j >= k) j++;
    int old[8], n_old;
    n_old = opponents(k, tables[3 * k], tables[3 * k + 1], tables[3 * k + 2], old);
    n_old += opponents(j, tables[3 * j], tables[3 * j + 1], tables[3 * j + 2], old + n_old);
    sort_small(old, n_old);
    int trades[5][4], n_trades = 0; /* k's d1, d2, then j's */
    int d[2] = {tables[3 * k], tables[3 * k + 1]}, e[2] = {tables[3 * j], tables[3 * j + 1]};
    trades[n_trades][0] = d[0]; trades[n_trades][1] = d[1];
    trades[n_trades][2] = e[0]; trades[n_trades++][3] = e[1];
    for (int mine = 0; mine < (inf && k == 0 ? 1 : 2); mine++)
        for (int theirs = 0; theirs < (inf && j == 0 ? 1 : 2); theirs++) {
            int a[2] = {d[0], d[1]}, b[2] = {e[0], e[1]};
            int t = a[mine]; a[mine] = b[theirs]; b[theirs] = t;
            trades[n_trades][0] = a[0]; trades[n_trades][1] = a[1];
            trades[n_trades][2] = b[0]; trades[n_trades++][3] = b[1];
        }
    int order[5];
    for (int i = 0; i < n_trades; i++) order[i] = i;
    shuffle(order, n_trades);
    int moved = 0;
    for (int o = 0; o < n_trades && !moved; o++) {
        int *tr = trades[order[o]], seats[4];
        int n_firsts = 0, n_seconds = 0;
        for (int y = 1; y < q; y++) {
            int n = opponents(k, tr[0], tr[1], y, seats), zero = 0;
            for (int i = 0; i < n; i++) zero |= seats[i] == 0;
            if (!zero) firsts[n_firsts++] = y;
        }
        for (int z = 1; z < q; z++) {
            int n = opponents(j, tr[2], tr[3], z, seats), zero = 0;
            for (int i = 0; i < n; i++) zero |= seats[i] == 0;
            if (!zero) seconds[n_seconds++] = z;
        }
        shuffle(firsts, n_firsts);
        for (int f = 0; f < n_firsts && !moved; f++) {
            int y = firsts[f], mine_classes[4], rest[8], n_rest = n_old;
            int n_mine = opponents(k, tr[0], tr[1], y, mine_classes);
            for (int i = 0; i < n_old; i++) rest[i] = old[i];
            int fits = 1;
            for (int i = 0; i < n_mine && fits; i++) {
                int at = -1;
                for (int r = 0; r < n_rest && at < 0; r++) if (rest[r] == mine_classes[i]) at = r;
                if (at < 0) fits = 0;
                else rest[at] = rest[--n_rest];
            }
            if (!fits) continue;
            sort_small(rest, n_rest);
            shuffle(seconds, n_seconds);
            for (int s = 0; s < n_seconds && !moved; s++) {
                int z = seconds[s], theirs_classes[4];
                int n_theirs = opponents(j, tr[2], tr[3], z, theirs_classes);
                if (n_theirs != n_rest) continue;
                sort_small(theirs_classes, n_theirs);
                int same = 1;
                for (int i = 0; i < n_rest; i++) same &= theirs_classes[i] == rest[i];
                if (!same) continue;
                if (tr[0] == d[0] && tr[1] == d[1] && y == tables[3 * k + 2] && tr[2] == e[0] &&
                    tr[3] == e[1] && z == tables[3 * j + 2])
                    continue;
                tables[3 * k] = tr[0]; tables[3 * k + 1] = tr[1]; tables[3 * k + 2] = y;
                tables[3 * j] = tr[2]; tables[3 * j + 1] = tr[3]; tables[3 * j + 2] = z;
                moved = 1;
            }
        }
    }
    free(CLS); free(firsts); free(seconds);
    return moved;
}
