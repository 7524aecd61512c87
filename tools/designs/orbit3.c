/* Stage one of whist_orbit3 in C: the tabu min-conflicts searches over the core
   (Orbit3.solve_core) and over the groups (Orbit3.solve_groups), the same moves
   and costs as whist_orbit3.py. In Python a core move prices some 900 changes in
   full and a group move 3 * q placements of 12 seats, milliseconds each, which
   made 44 take a minute and a half; here a move is microseconds.
   Compiled with dlx.c and shapes.c into one library by _native.py. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "random.h"
#include "tally.h"

static int Q, P[3], HALF;
static int *CLS, *ORBIT;

static int mod(long v) { return (int)(((v % Q) + Q) % Q); }

static void setup(int q, int w) {
    Q = q; P[0] = 1; P[1] = w % q; P[2] = (int)((long)w * w % q);
    HALF = (q - 1) / 2;
    CLS = malloc(sizeof(int) * q);
    ORBIT = malloc(sizeof(int) * q);
    for (int d = 0; d < q; d++) CLS[d] = d < q - d ? d : q - d;
    for (int d = 0; d < q; d++) {
        int best = CLS[d];
        for (int p = 1; p < 3; p++) {
            int c = CLS[mod((long)P[p] * d)];
            if (c < best) best = c;
        }
        ORBIT[d] = best;
    }
}

static int is_fixed(int c) { int v = mod((long)P[1] * c); return v == c || v == Q - c; }

/* --- the core ------------------------------------------------------------------- */

static int K, F, N_MATCH, *PTS, *FIXED, *MATCH;

static void pair_of(int code, int *a, int *b) {
    if (code < 3 * K) {
        int j = code / 3, p = P[code % 3];
        *a = mod((long)p * PTS[2 * j]);
        *b = mod((long)p * PTS[2 * j + 1]);
    } else {
        *a = FIXED[2 * (code - 3 * K)];
        *b = FIXED[2 * (code - 3 * K) + 1];
    }
}

/* Orbit3.core_cost, term for term. */
static int core_cost(int *count, int *mark) {
    int cost = 0, n_points = 0;
    memset(mark, 0, sizeof(int) * Q);
    for (int v = 0; v < 2 * K; v++)
        for (int p = 0; p < 3; p++) {
            int x = mod((long)P[p] * PTS[v]);
            n_points++;
            if (mark[x]++) cost += BAD;
        }
    for (int t = 0; t < 2 * F; t++)
        if (mark[FIXED[t]]++) cost += BAD;
    (void)n_points;
    if (mark[0]) cost += BAD;
    for (int j = 0; j < K; j++) {
        int o = ORBIT[mod(PTS[2 * j] - PTS[2 * j + 1])];
        for (int i = 0; i < j; i++)
            if (ORBIT[mod(PTS[2 * i] - PTS[2 * i + 1])] == o) { cost += BAD; break; }
        if (is_fixed(o)) cost += BAD;
    }
    memset(count, 0, sizeof(int) * (HALF + 1));
    count[CLS[mod(PTS[0])]]++;
    count[CLS[mod(PTS[1])]]++;
    for (int t = 0; t < N_MATCH; t += 2) {
        int a, b, c, d;
        pair_of(MATCH[t], &a, &b);
        pair_of(MATCH[t + 1], &c, &d);
        count[CLS[mod(a - c)]]++; count[CLS[mod(a - d)]]++;
        count[CLS[mod(b - c)]]++; count[CLS[mod(b - d)]]++;
    }
    cost += BAD * count[0];
    for (int o = 1; o <= HALF; o++) {
        if (ORBIT[o] != o) continue;
        if (is_fixed(o)) { cost += count[o] > 2 ? count[o] - 2 : 2 - count[o]; continue; }
        int lo = 1 << 30, hi = -1;
        for (int p = 0; p < 3; p++) {
            int v = count[CLS[mod((long)P[p] * o)]];
            if (v < lo) lo = v;
            if (v > hi) hi = v;
            if (v > 2) cost += v - 2;
        }
        cost += hi - lo;
    }
    return cost;
}

/* pts: the 2k points of the core's moved pairs; fixed: its f pairs of fixed points;
   match: the 2c pair codes (3j + i for w**i times pair j, 3k + t for fixed pair t),
   consecutive codes a table. pts and match are changed in place; the cost left. */
int orbit3_core(int q, int w, int k, int *pts, int f, const int *fixed, int n_match, int *match,
                uint64_t seed, long max_moves, int tenure, double noise) {
    setup(q, w);
    K = k; F = f; N_MATCH = n_match; PTS = pts; FIXED = (int *)fixed; MATCH = match;
    rng_state = seed;
    int *count = malloc(sizeof(int) * (HALF + 1)), *mark = malloc(sizeof(int) * q);
    long *tabu = calloc((size_t)2 * k * q, sizeof(long));
    for (long t = 0; t < (long)2 * k * q; t++) tabu[t] = -1;
    int cost = core_cost(count, mark);
    for (long move = 0; move < max_moves && cost; move++) {
        /* moves: (point i, value y) with y != pts[i] and not tabu, then table swaps */
        int n_points = 0, n_swaps = 0;
        for (int i = 0; i < 2 * k; i++)
            for (int y = 1; y < q; y++)
                if (y != pts[i] && tabu[(long)i * q + y] <= move) n_points++;
        for (int a = 0; a < n_match; a++)
            for (int b = a + 1; b < n_match; b++)
                if (a / 2 != b / 2) n_swaps++;
        int left_i = -1, left_v = 0;
        if (uniform() < noise) {
            int pick = below(n_points + n_swaps);
            for (int i = 0; i < 2 * k && pick >= 0; i++)
                for (int y = 1; y < q && pick >= 0; y++)
                    if (y != pts[i] && tabu[(long)i * q + y] <= move && pick-- == 0) {
                        left_i = i; left_v = pts[i]; pts[i] = y;
                    }
            for (int a = 0; a < n_match && pick >= 0; a++)
                for (int b = a + 1; b < n_match && pick >= 0; b++)
                    if (a / 2 != b / 2 && pick-- == 0) {
                        int t = match[a]; match[a] = match[b]; match[b] = t;
                    }
            cost = core_cost(count, mark);
        } else {
            int best = -1, best_i = -1, best_y = 0, best_a = -1, best_b = -1, ties = 0;
            for (int i = 0; i < 2 * k; i++) {
                int old = pts[i];
                for (int y = 1; y < q; y++) {
                    if (y == old || tabu[(long)i * q + y] > move) continue;
                    pts[i] = y;
                    int c = core_cost(count, mark);
                    if (best < 0 || c < best) { best = c; best_i = i; best_y = y; best_a = -1; ties = 1; }
                    else if (c == best && below(++ties) == 0) { best_i = i; best_y = y; best_a = -1; }
                }
                pts[i] = old;
            }
            for (int a = 0; a < n_match; a++)
                for (int b = a + 1; b < n_match; b++) {
                    if (a / 2 == b / 2) continue;
                    int t = match[a]; match[a] = match[b]; match[b] = t;
                    int c = core_cost(count, mark);
                    t = match[a]; match[a] = match[b]; match[b] = t;
                    if (best < 0 || c < best) { best = c; best_a = a; best_b = b; best_i = -1; ties = 1; }
                    else if (c == best && below(++ties) == 0) { best_a = a; best_b = b; best_i = -1; }
                }
            if (best_i >= 0) { left_i = best_i; left_v = pts[best_i]; pts[best_i] = best_y; }
            else { int t = match[best_a]; match[best_a] = match[best_b]; match[best_b] = t; }
            cost = best;
        }
        if (left_i >= 0) tabu[(long)left_i * q + left_v] = move + tenure;
    }
    free(count); free(mark); free(tabu); free(CLS); free(ORBIT);
    return cost;
}

/* --- the groups ----------------------------------------------------------------- */

/* A group [d1, d2, x]'s opponent classes, its three tables', into out. */
static void seats(const int *g, int *out) {
    int v[4] = {g[2], g[2] + g[1], g[2] - g[0], g[2] - g[0] + g[1]}, n = 0;
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 4; i++) out[n++] = CLS[mod((long)P[p] * v[i])];
}

typedef struct {
    int n, k[2], g[2][3];
} Move;

static int move_change(int *count, const int *groups, const Move *m) {
    int old[24], new_[24];
    for (int i = 0; i < m->n; i++) {
        seats(groups + 3 * m->k[i], old + 12 * i);
        seats(m->g[i], new_ + 12 * i);
    }
    return marginal(count, old, 12 * m->n, new_, 12 * m->n);
}

static void tally(int *count, const int *g, int by) {
    int s[12];
    seats(g, s);
    for (int i = 0; i < 12; i++) count[s[i]] += by;
}

/* core_count: the core's opponent counts by class (0..half); groups: n rows
   [d1, d2, x], changed in place. The cost left, 0 when every class is met twice. */
int orbit3_groups(int q, int w, const int *core_count, int n, int *groups, uint64_t seed,
                  long max_moves, int tenure, double noise) {
    setup(q, w);
    rng_state = seed;
    int *count = malloc(sizeof(int) * (HALF + 1));
    memcpy(count, core_count, sizeof(int) * (HALF + 1));
    for (int k = 0; k < n; k++) tally(count, groups + 3 * k, 1);
    int cost = tally_cost(count, HALF);
    long *tabu = calloc((size_t)n * q, sizeof(long));
    for (long t = 0; t < (long)n * q; t++) tabu[t] = -1;
    Move *moves = malloc(sizeof(Move) * (3 * q + 4 * n + 4));
    int *bad = malloc(sizeof(int) * n);
    for (long move = 0; move < max_moves && cost; move++) {
        int n_bad = 0;
        for (int k = 0; k < n; k++) {
            int s[12], hit = 0;
            seats(groups + 3 * k, s);
            for (int i = 0; i < 12 && !hit; i++) hit = s[i] == 0 || count[s[i]] > 2;
            if (hit) bad[n_bad++] = k;
        }
        int k = bad[below(n_bad)], *g = groups + 3 * k;
        int n_moves = 0;
        for (int p = 0; p < 3; p++) {
            int e = mod((long)P[p] * g[1]);
            for (int y = 1; y < q; y++) {
                Move *m = &moves[n_moves++];
                m->n = 1; m->k[0] = k;
                m->g[0][0] = g[0]; m->g[0][1] = e; m->g[0][2] = y;
            }
        }
        int singles = n_moves;
        if (tabu[(long)k * q + g[2]] <= move)
            for (int j = 0; j < n; j++) {
                if (j == k) continue;
                for (int a = 0; a < 2; a++)
                    for (int b = 0; b < 2; b++) {
                        Move *m = &moves[n_moves++];
                        m->n = 2; m->k[0] = k; m->k[1] = j;
                        memcpy(m->g[0], g, sizeof(int) * 3);
                        memcpy(m->g[1], groups + 3 * j, sizeof(int) * 3);
                        m->g[0][a] = groups[3 * j + b];
                        m->g[1][b] = g[a];
                    }
            }
        const Move *chosen = NULL;
        int change = 0;
        if (uniform() < noise) {
            chosen = &moves[below(n_moves)];
            change = move_change(count, groups, chosen);
        } else {
            int ties = 0;
            for (int i = 0; i < n_moves; i++) {
                const Move *m = &moves[i];
                if (i < singles && ((m->g[0][1] == g[1] && m->g[0][2] == g[2]) ||
                                    tabu[(long)k * q + m->g[0][2]] > move))
                    continue;
                int c = move_change(count, groups, m);
                if (!chosen || c < change) { chosen = m; change = c; ties = 1; }
                else if (c == change && below(++ties) == 0) chosen = m;
            }
            if (!chosen) continue;
        }
        tabu[(long)k * q + g[2]] = move + tenure;
        for (int i = 0; i < chosen->n; i++) {
            tally(count, groups + 3 * chosen->k[i], -1);
            memcpy(groups + 3 * chosen->k[i], chosen->g[i], sizeof(int) * 3);
            tally(count, groups + 3 * chosen->k[i], 1);
        }
        cost += change;
    }
    free(count); free(tabu); free(moves); free(bad); free(CLS); free(ORBIT);
    return cost;
}
