/**
 * A route's say in whether its page hydrates (app/root.tsx): `handle.hydrate` is `false` for pages
 * drawn by the server alone, whose interactive parts are islands (app/islands/), or a function of
 * the route's loader data (undefined when the route answered an error). Any other route hydrates.
 */
export type Hydrate = boolean | ((data: unknown) => boolean);

interface MatchLike {
  handle?: unknown;
  loaderData?: unknown;
}

/** Whether every matched route wants React in the browser (Remix's "Disabling JavaScript" guide). */
export function wantsHydration(matches: readonly MatchLike[]): boolean {
  return matches.every((m) => {
    const hydrate = (m.handle as { hydrate?: Hydrate } | undefined)?.hydrate;
    return typeof hydrate === "function" ? hydrate(m.loaderData) : hydrate !== false;
  });
}
