// The seeded Zipf mix of `npm run bench:traffic`, shared with bench/store-sizing.ts.

/** A seeded generator, so two runs request the same URLs. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Zipf (s = 1) over the ids, in a shuffled order (the hot articles are not simply the newest). */
export function zipf(ids: number[], random: () => number) {
  const order = [...ids];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cdf = new Float64Array(order.length);
  let sum = 0;
  for (let k = 0; k < order.length; k++) cdf[k] = sum += 1 / (k + 1);
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo]!;
  };
}
