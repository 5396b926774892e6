import { defineConfig } from "vitest/config";

/** Production-mode tests (nginx, two instances, faults): run after the main suite, one file at a time. */
export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
});
