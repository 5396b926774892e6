// The seeded Zipf mix of `npm run bench:traffic`, shared with bench/store-sizing.ts.
import { mulberry32 } from "../server/seed/demo-content";

/** A seeded generator, so two runs request the same URLs. */
export const rng = mulberry32;

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
