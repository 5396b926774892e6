import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { RenderStorage } from "../../server/http/react-render-storage";

/**
 * React's server renderer loaded with a synchronous request storage instead of AsyncLocalStorage
 * (server/http/react-render-storage.ts), in a process of its own: the renderer must be loaded the
 * first time there, as in a render thread.
 */
describe("React's request storage", () => {
  it("is ours when the renderer is loaded through loadReactServerRenderer, and pages render as before", () => {
    const out = execFileSync(
      process.execPath,
      ["scripts/run-ts.mjs", "tests/helpers/react-render-storage-child.ts"],
      {
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
      },
    );
    const seen = JSON.parse(out.trim().split("\n").at(-1)!) as {
      first: boolean;
      second: boolean;
      runs: number;
      html: string;
      carried: string;
      own: boolean;
    };
    // Loaded once, with our storage: React ran its work loop through it.
    expect(seen.first).toBe(true);
    expect(seen.second).toBe(false);
    expect(seen.runs).toBeGreaterThan(0);
    // A head resource asked for while the body renders still lands in <head>.
    expect(seen.html).toMatch(
      /^<!DOCTYPE html><html><head><link rel="preload" href="\/pictures\/banner.webp" as="image"\/>/,
    );
    expect(seen.html).toContain("<p>你好</p>");
    // Node's AsyncLocalStorage is untouched for everyone else.
    expect(seen.own).toBe(false);
    expect(seen.carried).toBe("kept");
  });

  it("holds its store for the synchronous call it runs, nested or thrown out of", () => {
    const storage = new RenderStorage<string>();
    expect(storage.getStore()).toBeUndefined();
    const inner = storage.run("a", () => [
      storage.getStore(),
      storage.run("b", () => storage.getStore()),
      storage.getStore(),
    ]);
    expect(inner).toEqual(["a", "b", "a"]);
    expect(() =>
      storage.run("c", () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(storage.getStore()).toBeUndefined();
  });
});
