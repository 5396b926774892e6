import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../contract/envelope";
import { UPLOAD_MAX_BYTES } from "../../contract/mcn";
import { UPLOAD_LIMIT } from "../../server/entities/leads";
import { openIdCopy } from "../../server/services/id-copies";
import { engines, startTestServer, type TestServer } from "../helpers/server";

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;

const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#E8380D" } })
    .png()
    .toBuffer();

async function upload(
  s: TestServer,
  file: Blob | string | null,
  opts: { name?: string; ip?: string; field?: string } = {},
) {
  const fd = new FormData();
  if (file !== null) {
    if (typeof file === "string") fd.append(opts.field ?? "file", file);
    else fd.append(opts.field ?? "file", file, opts.name ?? "picture.png");
  }
  const res = await fetch(`${s.url}/api/upload`, {
    method: "POST",
    body: fd,
    headers: { "x-forwarded-for": opts.ip ?? freshIp() },
  });
  return { status: res.status, body: (await res.json()) as Envelope<{ result: string } | null> };
}

describe.each(engines())("POST /api/upload on %s", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine, { env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const stored = (publicPath: string) =>
    path.join(s.services.config.DATA_DIR, "private", publicPath.replace(/^\/uploads\//, ""));
  /** The stored picture: encrypted at rest (services/id-copies.ts), opened with the site's key. */
  const picture = (publicPath: string) =>
    openIdCopy(s.services.signup.pii, fs.readFileSync(stored(publicPath)));

  it("stores a PNG under a random name, privately: its path answers 404", async () => {
    const r = await upload(s, new Blob([await png()], { type: "image/png" }), { name: "我的身份证.png" });
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(1000);
    const result = r.body.data!.result;
    expect(result).toMatch(/^\/uploads\/mcn\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(stored(result))).toBe(true);
    expect((await fetch(s.url + result)).status).toBe(404);
    expect(fs.readFileSync(stored(result)).subarray(0, 6).toString("latin1")).toBe("DSNID1");
    expect(await sharp(picture(result)).metadata()).toMatchObject({
      width: 40,
      height: 30,
    });
    // Two uploads of the same picture get two names.
    const again = await upload(s, new Blob([await png()]));
    expect(again.body.data!.result).not.toBe(result);
  });

  it("judges by content: a JPEG named .png is stored as .jpg, without its EXIF data", async () => {
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#123456" } })
      .jpeg()
      .withExif({ IFD0: { Make: "TestCam", Artist: "someone" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await upload(s, new Blob([jpeg], { type: "image/png" }), { name: "photo.png" });
    expect(r.status).toBe(200);
    expect(r.body.data!.result).toMatch(/\.jpg$/);
    const meta = await sharp(picture(r.body.data!.result)).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
  });

  it("accepts WebP", async () => {
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    const r = await upload(s, new Blob([webp]), { name: "x.webp" });
    expect(r.body.data!.result).toMatch(/\.webp$/);
  });

  it.each([
    ["a text file renamed .png", () => new Blob(["这不是图片，只是文字。"], { type: "image/png" })],
    [
      "an SVG named .png",
      () => new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']),
    ],
    [
      "a GIF",
      () => new Blob([Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64")]),
    ],
    ["a PDF", () => new Blob(["%PDF-1.4\n1 0 obj\n<<>>\nendobj\n"], { type: "image/png" })],
  ])("rejects %s with a clear 400", async (_name, make) => {
    const r = await upload(s, make(), { name: "x.png" });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: 400, message: "仅支持 JPG、PNG、WebP 格式的图片", data: null });
  });

  it("rejects a picture whose bytes are broken after a valid signature", async () => {
    const good = await png();
    const r = await upload(s, new Blob([good.subarray(0, 40)]), { name: "x.png" });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("图片已损坏，无法读取");
  });

  it("rejects a picture of more than 5 MB with 413", async () => {
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(await png());
    const r = await upload(s, new Blob([big]), { name: "big.png" });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ statusCode: 413, message: "图片不能超过 5 MB", data: null });
  });

  it("stops reading a body without a length once it passes the limit", async () => {
    const boundary = "----mcn-test";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    // 64 MB offered in 1 MB chunks; the server must answer long before taking them all.
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
      },
      pull(c) {
        if (sent >= 64) return c.close();
        sent++;
        c.enqueue(chunk);
      },
    });
    const res = await fetch(`${s.url}/api/upload`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "x-forwarded-for": freshIp() },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as Envelope<null>).message).toBe("图片不能超过 5 MB");
    expect(sent).toBeLessThan(64);
  });

  it("explains a missing file and a body that is not multipart", async () => {
    const none = await upload(s, null);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("请选择要上传的图片");
    const asText = await upload(s, "hello");
    expect(asText.body.message).toBe("请选择要上传的图片");
    const wrongField = await upload(s, new Blob([await png()]), { field: "picture" });
    expect(wrongField.body.message).toBe("请选择要上传的图片");
    const json = await fetch(`${s.url}/api/upload`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: "{}",
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as Envelope<null>).message).toMatch(
      /^请选择要上传的图片（以 multipart\/form-data/,
    );
  });

  it("limits uploads per IP with a Chinese 429", async () => {
    const ip = freshIp();
    const text = new Blob(["x"]);
    for (let i = 0; i < UPLOAD_LIMIT.points; i++) expect((await upload(s, text, { ip })).status).toBe(400);
    const over = await upload(s, new Blob([await png()]), { ip });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ statusCode: 429, message: "上传过于频繁，请稍后再试", data: null });
  });

  it("gives a picture the influencer form accepts as idCopyPic", async () => {
    const r = await upload(s, new Blob([await png()]));
    const pic = r.body.data!.result;
    const phone = "13700001234";
    const res = await fetch(`${s.url}/api/mcn/insertMcnExpert`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: JSON.stringify({ name: "赵六", phone, idCopyPic: `${s.url}${pic}` }),
    });
    expect(res.status).toBe(200);
    const leads = await s.services.mcn.list();
    expect(leads.find((l) => l.phone === phone)?.idCopyPic).toBe(pic);
  });
});
