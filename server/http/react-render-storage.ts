import asyncHooks from "node:async_hooks";
import { createRequire } from "node:module";

/**
 * React's server renderer for Node keeps the request it is rendering in an `AsyncLocalStorage`
 * (docs/architecture.md, "Render cost"). It puts the request there for the synchronous parts of its
 * work loop, so that `preload()` or `preinit()` called from code that runs later, outside the loop
 * (after an `await` in a component), still finds the page they belong to.
 *
 * On Node 20 the first use of any `AsyncLocalStorage` turns on async hooks for the whole thread, for
 * good: from then on every promise the thread creates calls back into JavaScript to carry the
 * storage along. A page render creates hundreds of promises (React Router's loaders and data
 * strategy, the turbo-stream of the loader data, React's own), and the hooks cost an article render
 * about 9 % of its instructions (callgrind: 5.08 M without them, 5.56 M with them).
 *
 * Our pages never call those functions after an `await`: components render synchronously, and the
 * head resources they ask for are asked for during the render, when React knows its request without
 * any storage. So React gets this storage instead, which holds the request for the synchronous call
 * it is given and nothing more: the same answer wherever our code can ask, without async hooks.
 */
export class RenderStorage<T> {
  /** calls of `run`: how a test sees that React took this storage */
  static runs = 0;
  private store: T | undefined;

  run<R, A extends unknown[]>(store: T, fn: (...args: A) => R, ...args: A): R {
    RenderStorage.runs++;
    const outer = this.store;
    this.store = store;
    try {
      return fn(...args);
    } finally {
      this.store = outer;
    }
  }

  getStore(): T | undefined {
    return this.store;
  }
}

/**
 * Loads React's server renderer, as the server build in `buildEntry`'s folder resolves it, with
 * `RenderStorage` in place of `AsyncLocalStorage`; the build's own import then gets that instance
 * from Node's module cache. Call it before importing the build. False when the renderer was
 * already loaded (with async hooks, then), as in a test process that rendered before.
 */
export function loadReactServerRenderer(buildEntry: string): boolean {
  const load = createRequire(buildEntry);
  const id = load.resolve("react-dom/server");
  if (load.cache[id]) return false;
  const hooks = asyncHooks as { AsyncLocalStorage: unknown };
  const real = hooks.AsyncLocalStorage;
  hooks.AsyncLocalStorage = RenderStorage;
  try {
    load("react-dom/server");
  } finally {
    hooks.AsyncLocalStorage = real;
  }
  return true;
}
