// The page store's size against the Zipf mix of `npm run bench:traffic` (bench/README.md, "Real
// traffic"): the share of requests a least-recently-used store of a given number of pages misses,
// and how many of those misses are pages never requested before (which no store size avoids).
// No server: `node scripts/run-ts.mjs bench/store-sizing.ts [articles]`.
import "../server/private-umask";
import { rng, zipf } from "./zipf";

const N = Number(process.argv[2] ?? 100_000);
const WARMUP_S = 60;
const MEASURE_S = 20;
const ids = Array.from({ length: N }, (_, i) => i);

console.info("req/s  pages kept  misses  of them never requested before");
for (const rate of [1_000, 3_200, 7_000]) {
  for (const capacity of [17_000, 36_000, 55_000, 73_000, N]) {
    const pick = zipf(ids, rng(20261126));
    const lru = new Map<number, true>();
    const seen = new Uint8Array(N);
    let misses = 0;
    let first = 0;
    const warm = rate * WARMUP_S;
    const measured = rate * MEASURE_S;
    for (let i = 0; i < warm + measured; i++) {
      const id = pick();
      const counted = i >= warm;
      if (lru.has(id)) {
        lru.delete(id);
        lru.set(id, true);
      } else {
        if (counted) {
          misses++;
          if (!seen[id]) first++;
        }
        lru.set(id, true);
        if (lru.size > capacity) lru.delete(lru.keys().next().value!);
      }
      seen[id] = 1;
    }
    const pct = (x: number) => `${((100 * x) / measured).toFixed(1)} %`;
    console.info(
      `${String(rate).padStart(5)}  ${String(capacity).padStart(10)}  ${pct(misses).padStart(6)}  ${pct(first)}`,
    );
  }
}
