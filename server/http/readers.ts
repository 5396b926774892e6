import { isbot } from "isbot";

/**
 * Whether a request that got an article counts as a reader: a GET answered 200, not a prefetch, not
 * a bot. Counted where the answer leaves the server, whether it came from a cache or not.
 */
export function countsAsReader(
  method: string,
  status: number,
  header: (name: string) => string | null | undefined,
): boolean {
  if (method !== "GET" || status !== 200) return false;
  const purpose = header("sec-purpose") ?? header("purpose") ?? "";
  return !purpose.includes("prefetch") && !isbot(header("user-agent") ?? "");
}

/** The article id of an /articledetail/:cid path segment (or its `.data` request). */
export function articleIdOf(v: string | undefined | null): number | undefined {
  const m = /^(\d{1,10})(?:\.data)?$/.exec(v ?? "");
  return m ? Number(m[1]) : undefined;
}
