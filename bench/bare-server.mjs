// The reference: a bare Node http server answering fixed bytes from memory, per path; a route
// "*" answers every other path (bench/capacity.ts sends its whole mix to one stored page's bytes).
import fs from "node:fs";
import http from "node:http";

const routes = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const table = new Map(
  Object.entries(routes).map(([p, r]) => [
    p,
    { body: Buffer.from(r.body, "base64"), type: r.type, encoding: r.encoding },
  ]),
);
http
  .createServer((req, res) => {
    const r = table.get(req.url) ?? table.get("*");
    if (!r) {
      res.statusCode = 404;
      return res.end();
    }
    const headers = { "content-type": r.type, "content-length": r.body.length };
    // Compressed bytes (a stored page) go out as they are, labelled as the app labels them.
    if (r.encoding) Object.assign(headers, { "content-encoding": r.encoding, vary: "Accept-Encoding" });
    res.writeHead(200, headers);
    res.end(r.body);
  })
  .listen(Number(process.argv[3]), "127.0.0.1", () => process.send?.("ready"));
