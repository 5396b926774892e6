import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";

/** Pictures of every kind a body may hold, made on the spot. */
export async function pictures() {
  const gradient = (w: number, h: number) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g"><stop offset="0" stop-color="#e8380d"/><stop offset="1" stop-color="#ffb36b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
      ),
    );
  // Noise does not compress: a PNG of it is well over 1 MB.
  const noise = crypto.randomBytes(900 * 700 * 3);
  return {
    webp: await gradient(800, 500).webp({ quality: 80 }).toBuffer(),
    jpeg: await gradient(640, 400).jpeg({ quality: 80 }).toBuffer(),
    bigPng: await sharp(noise, { raw: { width: 900, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  };
}

/** Writes a picture under DATA_DIR/uploads as the site's own; answers its site path. */
export function onSite(dataDir: string, name: string, bytes: Buffer): string {
  const dir = path.join(dataDir, "uploads", "wx-test");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${crypto.randomBytes(6).toString("hex")}-${name}`;
  fs.writeFileSync(path.join(dir, file), bytes);
  return `/uploads/wx-test/${file}`;
}

/** Another site's pictures on 127.0.0.1 (the tests allow loopback addresses). */
export async function pictureHost(files: Record<string, { bytes: Buffer; type: string }>) {
  const server = http.createServer((req, res) => {
    const f = files[(req.url ?? "/").slice(1)];
    if (!f) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": f.type, "content-length": f.bytes.length }).end(f.bytes);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export { type AccountArticle, publishOnFake } from "../../fakes/wechat-mp";
