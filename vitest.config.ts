import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The whole suite in three groups, each sized from the machine: `api` first, then `browser` and
 * `cluster` side by side:
 *
 *  1. `api`: unit tests (tests/unit/), API tests against a real server and database (tests/api/),
 *     and the production build's pages and jobs over HTTP, without a browser (tests/e2e/); all cores.
 *  2. `browser`: tests/browser/, the files that start Chromium (a site and a browser each, from one
 *     fixture: tests/browser/fixture.ts). A Chromium page with its renderer, GPU and network
 *     processes wants about two cores under load, so these run in a bounded pool: half the cores,
 *     at least one (`TEST_BROWSER_WORKERS` overrides).
 *  3. `cluster`: the production-mode files (nginx, two instances, private PostgreSQL and Redis), one
 *     at a time, beside the browser group.
 *
 * Per-test budgets are generous enough for a busy 2-core machine yet far below CI's limit, so a hang
 * still fails: tests wait on conditions (see tests/browser/browser.ts), never on fixed sleeps.
 * `npx vitest run --project api` (or `browser`, `cluster`) runs one group; a path runs one file.
 */
const cores = Math.max(1, os.availableParallelism());
const envInt = (name: string) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const apiWorkers = envInt("TEST_WORKERS") ?? cores;
const browserWorkers = envInt("TEST_BROWSER_WORKERS") ?? Math.max(1, Math.floor(cores / 2));

/** What every group shares. Polls (`expect.poll`) wait for a state, not for luck: a busy machine may take seconds. */
const common = { pool: "forks", expect: { poll: { timeout: 30_000, interval: 100 } } } as const;

export default defineConfig({
  test: {
    // Runs once for all groups (the seeded template databases every test file copies).
    globalSetup: ["tests/setup/global-setup.ts"],
    projects: [
      {
        test: {
          ...common,
          name: "api",
          include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: apiWorkers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...common,
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: browserWorkers,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...common,
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          // Beside the browser group, not after it: its processes mostly wait on each other, and the
          // browser group leaves a core to spare on a 2-core machine.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
