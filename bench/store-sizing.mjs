// The page store's size against the Zipf mix of `npm run bench:traffic` (bench/README.md, "Real
// traffic"): the share of requests a least-recently-used store of a given number of pages misses,
// and how many of those misses are pages never requested before (which no store size avoids).
// Node only, no server: `node bench/store-sizing.mjs [articles]`.
const N = Number(process.argv[2] ?? 100_000);
const WARMUP_S = 60;
const MEASURE_S = 20;

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Zipf (s = 1) over 0..n-1 (rank order; which article holds a rank does not matter here). */
function zipf(n, random) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1);
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

console.log("req/s  pages kept  misses  of them never requested before");
for (const rate of [1_000, 3_200, 7_000]) {
  for (const capacity of [17_000, 36_000, 55_000, 73_000, N]) {
    const pick = zipf(N, rng(20261126));
    const lru = new Map();
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
        if (lru.size > capacity) lru.delete(lru.keys().next().value);
      }
      seen[id] = 1;
    }
    const pct = (x) => `${((100 * x) / measured).toFixed(1)} %`;
    console.log(
      `${String(rate).padStart(5)}  ${String(capacity).padStart(10)}  ${pct(misses).padStart(6)}  ${pct(first)}`,
    );
  }
}
