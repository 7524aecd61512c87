/* The seeded generator dlx.c, shapes.c and orbit3.c share, so that a seed draws
   the same numbers in each and in any later helper. Each file that includes it
   keeps its own state (static), which is what the searches expect. */
#ifndef DESIGNS_RANDOM_H
#define DESIGNS_RANDOM_H

#include <stdint.h>

static uint64_t rng_state;

static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A number in 0..n-1 and one in [0, 1), drawn the same way by every search. */
static inline int below(int n) { return (int)(next_random() % (uint64_t)n); }

static inline double uniform(void) { return (next_random() >> 11) * (1.0 / 9007199254740992.0); }

#endif
