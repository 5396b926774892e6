import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  engine: "baidu" | "indexnow";
  url: URL;
  contentType: string;
  body: string;
}
/** `wait`: the answer is held until it resolves (a send still in flight) */
export type Reply = { status: number; body: unknown; wait?: Promise<void> };

/**
 * A fake Baidu link submission (/urls) and IndexNow (/indexnow) on 127.0.0.1: records every request
 * and answers what the test queued for that engine, else success.
 */
export function fakeEngines() {
  const seen: Seen[] = [];
  const replies: Record<Seen["engine"], Reply[]> = { baidu: [], indexnow: [] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const engine = url.pathname === "/urls" ? "baidu" : "indexnow";
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({ engine, url, contentType: req.headers["content-type"] ?? "", body });
      const next = replies[engine].shift();
      const ok: Reply =
        engine === "baidu"
          ? {
              status: 200,
              body: { remain: 4999, success: body.split("\n").length, not_same_site: [], not_valid: [] },
            }
          : { status: 200, body: "" };
      const reply = next ?? ok;
      void (reply.wait ?? Promise.resolve()).then(() => {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
      });
    });
  });
  return {
    seen,
    replies,
    server,
    async start() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
    /** The requests from `mark` on, per engine. */
    since(mark: number, engine: Seen["engine"]) {
      return seen.slice(mark).filter((s) => s.engine === engine);
    },
  };
}
