// Run by tests/unit/react-render-storage.test.ts in a process of its own (node scripts/run-ts.mjs),
// where React's server renderer has not been loaded yet: prints what it saw as one JSON line.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h } from "react";
import { loadReactServerRenderer, RenderStorage } from "../../server/http/react-render-storage";

const entry = path.resolve("package.json");
const first = loadReactServerRenderer(entry);
const second = loadReactServerRenderer(entry);
const load = createRequire(entry);
const { renderToPipeableStream } = load("react-dom/server") as typeof import("react-dom/server");
const { preload } = load("react-dom") as typeof import("react-dom");

/** A page whose body asks for a head resource while it renders, as the chrome's pictures do. */
function Page() {
  preload("/pictures/banner.webp", { as: "image" });
  return h("html", null, h("head", null), h("body", null, h("p", null, "你好")));
}

const html = await new Promise<string>((resolve, reject) => {
  let out = "";
  const { pipe } = renderToPipeableStream(h(Page), {
    onAllReady() {
      pipe({
        write: (c: Uint8Array | string) => {
          out += typeof c === "string" ? c : Buffer.from(c).toString();
          return true;
        },
        end: () => resolve(out),
        on: () => undefined,
        once: () => undefined,
        emit: () => undefined,
      } as unknown as NodeJS.WritableStream);
    },
    onShellError: reject,
  });
});

// Anyone else's AsyncLocalStorage is Node's own, and still follows an await.
const storage = new AsyncLocalStorage<string>();
const carried = await storage.run("kept", async () => {
  await new Promise((r) => setTimeout(r, 1));
  return storage.getStore();
});

process.stdout.write(
  `${JSON.stringify({
    first,
    second,
    runs: RenderStorage.runs,
    html,
    carried,
    own: (AsyncLocalStorage as unknown) === RenderStorage,
  })}\n`,
);
