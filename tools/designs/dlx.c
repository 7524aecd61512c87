/* Dancing links (Knuth's Algorithm X) with a node limit and a seeded random
   order of options, the same search as exact_cover.py, for the tiling stages of
   whist_shapes and whist_multiplier, which run it thousands of times.
   Compiled on first use by _native.py; exact_cover.py falls back to Python. */
#include <stdint.h>
#include <stdlib.h>

#include "random.h"

static int *L, *R, *U, *D, *COL, *ROW, *S, *chosen, *stack;
static long nodes, limit;
static int n_primary, depth, stack_top, deepest;
static void cover(int c) {
    L[R[c]] = L[c]; R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) {
            U[D[j]] = U[j]; D[U[j]] = D[j]; S[COL[j]]--;
        }
}

static void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) {
            S[COL[j]]++; U[D[j]] = j; D[U[j]] = j;
        }
    L[R[c]] = c; R[L[c]] = c;
}

/* 1 found, 0 none, -1 out of nodes */
static int search(void) {
    if (depth > deepest) deepest = depth;
    if (R[0] == 0) return 1;
    if (++nodes > limit) return -1;
    int c = R[0], best = S[c];
    for (int j = R[c]; j != 0; j = R[j])
        if (S[j] < best) { best = S[j]; c = j; }
    if (best == 0) return 0;
    int base = stack_top, k = 0;
    for (int i = D[c]; i != c; i = D[i]) stack[base + k++] = i;
    stack_top += k;
    for (int a = k - 1; a > 0; a--) {
        int b = (int)(next_random() % (uint64_t)(a + 1));
        int t = stack[base + a]; stack[base + a] = stack[base + b]; stack[base + b] = t;
    }
    cover(c);
    int result = 0;
    for (int a = 0; a < k && result == 0; a++) {
        int r = stack[base + a];
        chosen[depth++] = ROW[r];
        for (int j = R[r]; j != r; j = R[j]) cover(COL[j]);
        result = search();
        for (int j = L[r]; j != r; j = L[j]) uncover(COL[j]);
        if (result != 1) depth--;
    }
    uncover(c);
    stack_top = base;
    return result;
}

/* The most options the last dlx_solve held at once: how near a failed cover came. */
int dlx_deepest(void) { return deepest; }

/* Items 0..n_items-1, the first n_prim primary; option o holds
   items[starts[o]..starts[o+1]-1]. Returns how many options it chose (written to
   out), 0 if there is no cover, -1 if every try ran out of nodes. Tries
   tries times, the node limit growing by 10% plus 100 each time. */
int dlx_solve(int n_items, int n_prim, int n_options, const int *starts, const int *items,
              uint64_t seed, long first_limit, int tries, int *out) {
    int n_cells = starts[n_options];
    int size = n_items + 1 + n_cells;
    L = malloc(sizeof(int) * size); R = malloc(sizeof(int) * size);
    U = malloc(sizeof(int) * size); D = malloc(sizeof(int) * size);
    COL = malloc(sizeof(int) * size); ROW = malloc(sizeof(int) * size);
    S = malloc(sizeof(int) * (n_items + 1));
    chosen = malloc(sizeof(int) * (n_items + 1));
    stack = malloc(sizeof(int) * (n_cells + n_options + 1));
    n_primary = n_prim;
    rng_state = seed;
    limit = first_limit;
    int result = -1;
    for (int t = 0; t < tries && result == -1; t++) {
        L[0] = n_prim; R[0] = n_prim ? 1 : 0;
        for (int c = 1; c <= n_items; c++) {
            U[c] = D[c] = c; S[c] = 0; COL[c] = c;
            if (c <= n_prim) { L[c] = c - 1; R[c] = c < n_prim ? c + 1 : 0; }
            else { L[c] = R[c] = c; }
        }
        int node = n_items + 1;
        for (int o = 0; o < n_options; o++) {
            int first = node;
            for (int p = starts[o]; p < starts[o + 1]; p++, node++) {
                int c = items[p] + 1;
                COL[node] = c; ROW[node] = o; S[c]++;
                U[node] = U[c]; D[node] = c; D[U[c]] = node; U[c] = node;
                L[node] = node == first ? node : node - 1;
                R[node] = first;
                if (node != first) { R[node - 1] = node; L[first] = node; }
            }
        }
        nodes = 0; depth = 0; stack_top = 0; deepest = 0;
        result = search();
        if (result == 1) { for (int i = 0; i < depth; i++) out[i] = chosen[i]; result = depth; }
        else if (result == -1) limit = (long)(limit * 1.1) + 100;
    }
    free(L); free(R); free(U); free(D); free(COL); free(ROW); free(S); free(chosen); free(stack);
    return result;
}
