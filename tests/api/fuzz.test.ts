import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../server/api/registry";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Hostile input against every /api endpoint: generated query strings and bodies. Nothing may answer
 * 5xx or show a stack trace, and every 4xx carries a Chinese message. FUZZ_REQUESTS scales the run:
 * 2,500 requests in a suite run (about 16 for each of the 150-odd routes, a new sample each run;
 * tests/api/fuzz-writes.test.ts follows every write further), 10,000 or more for a longer hunt.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 2_500);

const CHINESE = /[\u4e00-\u9fff]/;
const STACK = /\bat [\w.<>]+ \(|node_modules|Error: |\.ts:\d+/;

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "",
    "-1",
    "0",
    "1",
    "1e309",
    "NaN",
    "99999999999999999999",
    "' OR 1=1 --",
    '"><script>alert(1)</script>',
    "%00",
    "../../etc/passwd",
    "直播",
    "null",
    "[]",
    "{}",
    "TRUE",
  ),
);

describe("fuzzing every API endpoint", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer("sqlite", { env: { CACHE_TTL_SECONDS: "0" } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`answers ${TOTAL} generated requests without a 5xx or a stack trace`, async () => {
    const routes = endpoints.flatMap((e) =>
      [e.path, ...(e.aliases ?? [])].map((path) => ({
        method: e.method.toUpperCase(),
        path,
        names: Object.keys(e.query.shape),
      })),
    );
    const request = fc.record({
      route: fc.constantFrom(...routes),
      params: fc.array(
        fc.tuple(fc.oneof(fc.string(), fc.constantFrom("page", "pageSize", "keyword")), scalar),
        {
          maxLength: 4,
        },
      ),
      known: fc.array(scalar, { maxLength: 8 }),
      bodyKind: fc.constantFrom("none", "json", "form", "broken", "array"),
    });
    let sent = 0;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const q = new URLSearchParams();
        r.route.names.forEach((n, i) => {
          if (r.known[i] !== undefined) q.append(n, r.known[i]!);
        });
        for (const [k, v] of r.params) q.append(k, v);
        const init: RequestInit = { method: r.route.method };
        if (r.route.method === "POST") {
          if (r.bodyKind === "json") {
            init.body = JSON.stringify(Object.fromEntries(q));
            init.headers = { "content-type": "application/json" };
          } else if (r.bodyKind === "form") {
            init.body = q.toString();
            init.headers = { "content-type": "application/x-www-form-urlencoded" };
          } else if (r.bodyKind === "broken") {
            init.body = '{"a":';
            init.headers = { "content-type": "application/json" };
          } else if (r.bodyKind === "array") {
            init.body = "[1,2,3]";
            init.headers = { "content-type": "application/json" };
          }
        }
        const res = await fetch(`${s.url}${r.route.path}?${q}`, init);
        const text = await res.text();
        sent++;
        const where = `${r.route.method} ${r.route.path}?${q} → ${res.status} ${text.slice(0, 200)}`;
        if (res.status >= 500 && res.status !== 503) failures.push(where);
        if (STACK.test(text)) failures.push(`stack: ${where}`);
        if (res.status >= 400 && res.headers.get("content-type")?.includes("json")) {
          const body = JSON.parse(text) as { message?: string };
          if (!CHINESE.test(body.message ?? "")) failures.push(`not Chinese: ${where}`);
        }
        return failures.length === 0;
      }),
      { numRuns: TOTAL, endOnFailure: true },
    );
    expect(failures).toEqual([]);
    expect(sent).toBe(TOTAL);
  }, 600_000);
});
