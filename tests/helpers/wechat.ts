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

/** An article the 公众号 published itself (made in its own editor), for the import tests. */
export interface AccountArticle {
  title: string;
  author: string;
  digest: string;
  /** the body's paragraphs, and its pictures after them */
  paragraphs: string[];
  pictures: Buffer[];
}

/**
 * Publishes articles on the fake 公众号 through its API as the account's own editor would (body
 * pictures through media/uploadimg, the cover a permanent thumb, draft/add, freepublish/submit),
 * all in one publish; waits until the publish settled. Answers the published articles' links.
 */
export async function publishOnFake(
  fake: { url: string; appId: string; appSecret: string },
  articles: AccountArticle[],
): Promise<string[]> {
  const post = async (path: string, token: string, body: unknown, query = "") => {
    const res = await fetch(`${fake.url}${path}?access_token=${token}${query}`, {
      method: "POST",
      ...(body instanceof FormData
        ? { body }
        : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (typeof answer.errcode === "number" && answer.errcode !== 0)
      throw new Error(`${path}: ${answer.errcode} ${answer.errmsg}`);
    return answer;
  };
  const form = (bytes: Buffer, name: string, type: string) => {
    const f = new FormData();
    f.append("media", new Blob([new Uint8Array(bytes)], { type }), name);
    return f;
  };
  const tokenAnswer = await fetch(`${fake.url}/cgi-bin/stable_token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "client_credential", appid: fake.appId, secret: fake.appSecret }),
  });
  const token = String(((await tokenAnswer.json()) as { access_token: string }).access_token);
  const thumb = await sharp({
    create: { width: 300, height: 128, channels: 3, background: { r: 232, g: 56, b: 13 } },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  const thumbId = String(
    (
      await post(
        "/cgi-bin/material/add_material",
        token,
        form(thumb, "cover.jpg", "image/jpeg"),
        "&type=thumb",
      )
    ).media_id,
  );
  const drafts = [];
  for (const a of articles) {
    const urls: string[] = [];
    for (const [i, p] of a.pictures.entries()) {
      const type = p[0] === 0x89 ? "image/png" : "image/jpeg";
      urls.push(String((await post("/cgi-bin/media/uploadimg", token, form(p, `p${i}`, type))).url));
    }
    drafts.push({
      article_type: "news",
      title: a.title,
      author: a.author,
      digest: a.digest,
      content:
        a.paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join("") +
        urls.map((u) => `<p><img src="${u}" style="max-width:100%"></p>`).join(""),
      content_source_url: "",
      thumb_media_id: thumbId,
      need_open_comment: 0,
      only_fans_can_comment: 0,
    });
  }
  const mediaId = String((await post("/cgi-bin/draft/add", token, { articles: drafts })).media_id);
  const publishId = String(
    (await post("/cgi-bin/freepublish/submit", token, { media_id: mediaId })).publish_id,
  );
  for (;;) {
    const s = await post("/cgi-bin/freepublish/get", token, { publish_id: publishId });
    if (s.publish_status === 0)
      return ((s.article_detail as { item: { article_url: string }[] }).item ?? []).map((i) => i.article_url);
    if (s.publish_status !== 1) throw new Error(`publish ended with status ${s.publish_status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
