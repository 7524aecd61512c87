/* The seeded generator dlx.c and shapes.c share, so that a seed draws the same
   numbers in both and in any later helper. Each file that includes it keeps its
   own state (static), which is what the searches expect. */
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

#endif
