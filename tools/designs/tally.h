/* The cost the stage-one searches (shapes.c, orbit3.c, multiplier.c) minimise,
   kept in one place so that each prices a move by the same rule as
   whist_shapes.marginal_change does in Python: every opponent class met more than
   twice costs one per extra meeting, and a zero difference (two seats on one
   player) costs BAD per seat. */
#ifndef DESIGNS_TALLY_H
#define DESIGNS_TALLY_H

#define BAD 1000

/* The cost of the counts by class 0..half. */
static inline int tally_cost(const int *count, int half) {
    int cost = BAD * count[0];
    for (int c = 1; c <= half; c++) cost += count[c] > 2 ? count[c] - 2 : 0;
    return cost;
}

/* Cost change when the seats `old` become `new_`, the counts left as they were:
   the cost is a sum over classes, so each seat's marginal cost is taken off and
   put back one at a time (a seat that leaves and returns to one class costs 0). */
static inline int marginal(int *count, const int *old, int n_old, const int *new_, int n_new) {
    int change = 0;
    for (int i = 0; i < n_old; i++) {
        int c = old[i], v = count[c];
        change -= c == 0 ? BAD : v > 2;
        count[c] = v - 1;
    }
    for (int i = 0; i < n_new; i++) {
        int c = new_[i], v = count[c];
        change += c == 0 ? BAD : v >= 2;
        count[c] = v + 1;
    }
    for (int i = 0; i < n_new; i++) count[new_[i]]--;
    for (int i = 0; i < n_old; i++) count[old[i]]++;
    return change;
}

#endif
