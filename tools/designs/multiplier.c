/* Stage one and the walk of whist_multiplier in C: the tabu min-conflicts search
   over the units (Orbits.solve in whist_multiplier.py, the same moves and costs)
   and the class-keeping walk (Orbits.walk). In Python a move prices some 500
   variants of 8 seats, about a millisecond, and at 93 stage one converged about
   once in 20,000 moves, so 93 took a minute and 129 was out of reach; here a
   move is some 50 microseconds.
   Compiled with dlx.c, shapes.c and orbit3.c into one library by _native.py. */
#include <stdint.h>
#include <stdlib.h>

#include "random.h"
#include "tally.h"

/* Unit kinds, as whist_multiplier's INF, SELF, SWAP, PAIR. */
enum { K_INF, K_SELF, K_SWAP, K_PAIR };

static int Q, L, HALF, N_FIXED;
static const int *FIXED;
static int *CLS;

static int mod(long v) { return (int)(((v % Q) + Q) % Q); }

static void setup(int q, int multiplier, int n_fixed, const int *fixed, uint64_t seed) {
    Q = q; L = multiplier; HALF = (q - 1) / 2; N_FIXED = n_fixed; FIXED = fixed;
    rng_state = seed;
    CLS = malloc(sizeof(int) * q);
    for (int d = 0; d < q; d++) CLS[d] = d < q - d ? d : q - d;
}

/* Where a partner pair of difference d in a self-mapped table may start
   (Orbits.base). */
static int base(int d) {
    return mod((long)L * d) == mod(d) ? 0 : (int)((long)mod(d) * ((Q + 1) / 2) % Q);
}

/* The opponent classes of a unit of kind `kind`, u = (d1, d2, x), into out. */
static int opponents(int kind, const int *u, int *out) {
    long x = u[2], v[4] = {x, x + u[1], x - u[0], x - u[0] + u[1]};
    if (kind == K_INF) {
        out[0] = CLS[mod(x)];
        out[1] = CLS[mod(x - u[0])];
        return 2;
    }
    for (int i = 0; i < 4; i++) out[i] = CLS[mod(v[i])];
    if (kind != K_PAIR) return 4;
    for (int i = 0; i < 4; i++) out[4 + i] = CLS[mod((long)L * v[i])];
    return 8;
}

static int meets_zero(int kind, const int *u) {
    int s[8], n = opponents(kind, u, s);
    for (int i = 0; i < n; i++)
        if (s[i] == 0) return 1;
    return 0;
}

static int add(int *out, int n, int kind, int d1, int d2, int x) {
    int u[3] = {d1, d2, mod(x)};
    if (meets_zero(kind, u)) return n;
    out[3 * n] = u[0]; out[3 * n + 1] = u[1]; out[3 * n + 2] = u[2];
    return n + 1;
}

/* Every (d1, d2, x) with the unit's partner classes that stage one may choose
   (Orbits._new_variants, in the same order), into out; how many. */
static int variants(int kind, int d1, int d2, int *out) {
    int n = 0;
    if (kind == K_INF) {
        int ds[2] = {d1, mod(-d1)};
        for (int s = 0; s < 2; s++)
            for (int f = 0; f < N_FIXED; f++) n = add(out, n, kind, ds[s], 0, base(ds[s]) + FIXED[f]);
    } else if (kind == K_SELF) {
        int e1s[2] = {d1, mod(-d1)}, e2s[2] = {d2, mod(-d2)};
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++) {
                int offset = base(e1s[a]) - base(e2s[b]);
                for (int f = 0; f < N_FIXED; f++) n = add(out, n, kind, e1s[a], e2s[b], offset + FIXED[f]);
            }
    } else if (kind == K_SWAP) {
        int e1s[2] = {d1, mod(-d1)};
        for (int a = 0; a < 2; a++) {
            int e2 = (int)((long)L * e1s[a] % Q);
            for (int x = 1; x < Q; x++)
                if ((long)L * x % Q == Q - x) n = add(out, n, kind, e1s[a], e2, x);
        }
    } else {
        int e1s[2] = {d1, (int)((long)L * d1 % Q)}, e2s[2] = {d2, (int)((long)L * d2 % Q)};
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++)
                for (int x = 1; x < Q; x++) n = add(out, n, kind, e1s[a], e2s[b], x);
    }
    return n;
}

/* How many partner classes a unit of this kind may trade (INF and SWAP have one
   free class: a SWAP's second is L times its first). */
static int trades(int kind) { return kind == K_SELF || kind == K_PAIR ? 2 : 1; }

/* Units k and j with trade number `trade` done, into u and v: k's class
   trade / trades(j) swapped with j's class trade % trades(j); -1 for none
   (Orbits._traded, in the same order). */
static void traded(const int *kinds, const int *units, int k, int j, int trade, int *u, int *v) {
    for (int i = 0; i < 3; i++) { u[i] = units[3 * k + i]; v[i] = units[3 * j + i]; }
    if (trade < 0) return;
    int a = trade / trades(kinds[j]), b = trade % trades(kinds[j]), t = u[a];
    u[a] = v[b]; v[b] = t;
    if (kinds[k] == K_SWAP) u[1] = (int)((long)L * u[0] % Q);
    if (kinds[j] == K_SWAP) v[1] = (int)((long)L * v[0] % Q);
}

typedef struct {
    int n, k[2], u[2][3];
} Move;

static int move_change(int *count, const int *kinds, const int *units, const Move *m) {
    int old[16], new_[16], n_old = 0, n_new = 0;
    for (int i = 0; i < m->n; i++) {
        n_old += opponents(kinds[m->k[i]], units + 3 * m->k[i], old + n_old);
        n_new += opponents(kinds[m->k[i]], m->u[i], new_ + n_new);
    }
    return marginal(count, old, n_old, new_, n_new);
}

static void tally(int *count, int kind, const int *u, int by) {
    int s[8], n = opponents(kind, u, s);
    for (int i = 0; i < n; i++) count[s[i]] += by;
}

/* The tabu list: the last `tenure` states left, (unit, d1, d2, x) until a move. */
typedef struct {
    int k, u[3];
    long until;
} Tabu;

static int is_tabu(const Tabu *tabu, int tenure, long move, int k, const int *u) {
    for (int i = 0; i < tenure; i++) {
        const Tabu *t = tabu + i;
        if (t->until > move && t->k == k && t->u[0] == u[0] && t->u[1] == u[1] && t->u[2] == u[2])
            return 1;
    }
    return 0;
}

/* q, L and the fixed points of L; n units, kinds[k] (K_*) and units[3k..3k+2] =
   (d1, d2, x), changed in place. The cost left, 0 when every class is met twice. */
int multiplier_solve(int q, int multiplier, int n_fixed, const int *fixed, int n, const int *kinds,
                     int *units, uint64_t seed, long max_moves, int tenure, double noise) {
    setup(q, multiplier, n_fixed, fixed, seed);
    int *count = calloc(HALF + 1, sizeof(int));
    for (int k = 0; k < n; k++) tally(count, kinds[k], units + 3 * k, 1);
    int cost = tally_cost(count, HALF);
    int cap = 4 * q + 8 * n_fixed + 8;
    int *own = malloc(sizeof(int) * 3 * cap), *va = malloc(sizeof(int) * 3 * cap),
        *vb = malloc(sizeof(int) * 3 * cap), *bad = malloc(sizeof(int) * n);
    Move *moves = malloc(sizeof(Move) * (cap + 4 * n));
    Tabu *tabu = calloc(tenure > 0 ? tenure : 1, sizeof(Tabu));
    for (int i = 0; i < tenure; i++) tabu[i].until = -1;
    int ring = 0;
    for (long move = 0; move < max_moves && cost; move++) {
        int n_bad = 0;
        for (int k = 0; k < n; k++) {
            int s[8], m = opponents(kinds[k], units + 3 * k, s);
            for (int i = 0; i < m; i++)
                if (count[s[i]] > 2 || (s[i] == 0 && count[0])) { bad[n_bad++] = k; break; }
        }
        int k = bad[below(n_bad)];
        int *mine = units + 3 * k, n_moves = 0;
        int n_own = variants(kinds[k], mine[0], mine[1], own);
        for (int i = 0; i < n_own; i++) {
            const int *u = own + 3 * i;
            if (u[0] == mine[0] && u[1] == mine[1] && u[2] == mine[2]) continue;
            Move *m = moves + n_moves++;
            m->n = 1; m->k[0] = k;
            m->u[0][0] = u[0]; m->u[0][1] = u[1]; m->u[0][2] = u[2];
        }
        /* Trades (Orbits._trades): a partner class with a unit of the same sort,
           fixed classes among self-mapped tables, orbits among the others; a
           constrained unit takes one of its variants at random. */
        int fixed_sort = kinds[k] == K_INF || kinds[k] == K_SELF;
        for (int j = 0; j < n; j++) {
            if (j == k || (kinds[j] == K_INF || kinds[j] == K_SELF) != fixed_sort) continue;
            for (int trade = 0; trade < trades(kinds[k]) * trades(kinds[j]); trade++) {
                int u[3], v[3];
                traded(kinds, units, k, j, trade, u, v);
                const int *pick[2];
                int *w[2] = {u, v}, *buf[2] = {va, vb}, kind[2] = {kinds[k], kinds[j]}, ok = 1;
                for (int s = 0; s < 2 && ok; s++) {
                    if (kind[s] == K_PAIR) {
                        ok = !meets_zero(K_PAIR, w[s]);
                        pick[s] = w[s];
                    } else {
                        int m = variants(kind[s], w[s][0], w[s][1], buf[s]);
                        ok = m > 0;
                        if (ok) pick[s] = buf[s] + 3 * below(m);
                    }
                }
                if (!ok) continue;
                Move *m = moves + n_moves++;
                m->n = 2; m->k[0] = k; m->k[1] = j;
                for (int s = 0; s < 2; s++)
                    for (int i = 0; i < 3; i++) m->u[s][i] = pick[s][i];
            }
        }
        if (!n_moves) continue;
        const Move *chosen = NULL;
        int change = 0;
        if (uniform() < noise) {
            chosen = moves + below(n_moves);
            change = move_change(count, kinds, units, chosen);
        } else {
            int ties = 0;
            for (int i = 0; i < n_moves; i++) {
                const Move *m = moves + i;
                int blocked = 0;
                for (int s = 0; s < m->n && !blocked; s++)
                    blocked = is_tabu(tabu, tenure, move, m->k[s], m->u[s]);
                if (blocked) continue;
                int c = move_change(count, kinds, units, m);
                /* Ties are broken uniformly at random, as the Python key
                   (change, random) does. */
                if (!chosen || c < change) { chosen = m; change = c; ties = 1; }
                else if (c == change && below(++ties) == 0) chosen = m;
            }
            if (!chosen) continue;
        }
        if (tenure > 0) {
            Tabu *t = tabu + ring;
            ring = (ring + 1) % tenure;
            t->k = k; t->u[0] = mine[0]; t->u[1] = mine[1]; t->u[2] = mine[2];
            t->until = move + tenure;
        }
        for (int s = 0; s < chosen->n; s++) {
            int j = chosen->k[s];
            tally(count, kinds[j], units + 3 * j, -1);
            for (int i = 0; i < 3; i++) units[3 * j + i] = chosen->u[s][i];
            tally(count, kinds[j], units + 3 * j, 1);
        }
        cost += change;
    }
    free(CLS); free(count); free(own); free(va); free(vb); free(bad); free(moves); free(tabu);
    return cost;
}

/* Takes the seats s[0..n) off need if it holds them all (1), else leaves it (0). */
static int take(int *need, const int *s, int n) {
    int i = 0;
    for (; i < n; i++)
        if (need[s[i]]-- <= 0) break;
    if (i == n) return 1;
    for (; i >= 0; i--) need[s[i]]++;
    return 0;
}

static void give(int *need, const int *s, int n) {
    for (int i = 0; i < n; i++) need[s[i]]++;
}

/* The walk from a solved state: two units drawn at random (trading a partner
   class or not, when they are of one sort) take new values whose opponent classes
   are together the ones they had, so every class is still met twice and stage
   one has nothing to repair; drawn uniformly among all such values. 1 if it
   moved, 0 if the pair drawn has no such move. */
int multiplier_walk(int q, int multiplier, int n_fixed, const int *fixed, int n, const int *kinds,
                    int *units, uint64_t seed) {
    setup(q, multiplier, n_fixed, fixed, seed);
    int cap = 4 * q + 8 * n_fixed + 8;
    int *va = malloc(sizeof(int) * 3 * cap), *vb = malloc(sizeof(int) * 3 * cap);
    int *need = calloc(HALF + 1, sizeof(int));
    int k = below(n), j = below(n - 1);
    if (j >= k) j++;
    int *mine = units + 3 * k, *theirs = units + 3 * j, s[8], m;
    m = opponents(kinds[k], mine, s); give(need, s, m);
    m = opponents(kinds[j], theirs, s); give(need, s, m);
    int same_sort = (kinds[k] == K_INF || kinds[k] == K_SELF) == (kinds[j] == K_INF || kinds[j] == K_SELF);
    int n_trades = same_sort ? trades(kinds[k]) * trades(kinds[j]) : 0;
    int seen = 0, pick[6];
    /* Trade -1 keeps the partner classes. */
    for (int trade = -1; trade < n_trades; trade++) {
        int u[3], v[3];
        traded(kinds, units, k, j, trade, u, v);
        int n_a = variants(kinds[k], u[0], u[1], va), n_b = variants(kinds[j], v[0], v[1], vb);
        for (int x = 0; x < n_a; x++) {
            int sa[8], na = opponents(kinds[k], va + 3 * x, sa);
            if (!take(need, sa, na)) continue;
            for (int y = 0; y < n_b; y++) {
                int sb[8], nb = opponents(kinds[j], vb + 3 * y, sb);
                if (!take(need, sb, nb)) continue;
                give(need, sb, nb);
                int *a = va + 3 * x, *b = vb + 3 * y;
                if (a[0] == mine[0] && a[1] == mine[1] && a[2] == mine[2] && b[0] == theirs[0] &&
                    b[1] == theirs[1] && b[2] == theirs[2])
                    continue;
                if (below(++seen) == 0)
                    for (int i = 0; i < 3; i++) { pick[i] = a[i]; pick[3 + i] = b[i]; }
            }
            give(need, sa, na);
        }
    }
    if (seen)
        for (int i = 0; i < 3; i++) { mine[i] = pick[i]; theirs[i] = pick[3 + i]; }
    free(CLS); free(va); free(vb); free(need);
    return seen > 0;
}
