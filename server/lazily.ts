import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used, not when the server starts. For the heavy libraries of
 * rare jobs (the Alipay SDK, the 公众号 converter's cheerio and juice, sharp, the push XML parser):
 * every process and render thread would otherwise hold them, about 20 MB of heap each, though most
 * never call them (docs/architecture.md, "Memory").
 *
 *   const cheerio = lazily<typeof import("cheerio")>("cheerio");
 *   cheerio().load(html);
 */
export function lazily<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
