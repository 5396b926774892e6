import type { Envelope } from "../contract/envelope";

/** A console user's HTTP client: keeps the session cookie and sends the CSRF token on changes. */
export class AdminClient {
  cookie = "";
  csrf = "";

  constructor(readonly base: string) {}

  async req<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: string | null; origin?: string; raw?: boolean } = {},
  ): Promise<{ status: number; body: Envelope<T>; text: string; bytes: Buffer; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const csrf = opts.csrf === undefined ? this.csrf : opts.csrf;
    if (csrf && method !== "GET") headers["x-csrf-token"] = csrf;
    if (opts.origin) headers.origin = opts.origin;
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString("utf8");
    let parsed = null as unknown as Envelope<T>;
    if (!opts.raw) {
      try {
        parsed = JSON.parse(text) as Envelope<T>;
      } catch {
        throw new Error(`not JSON (${res.status}) from ${method} ${path}: ${text.slice(0, 200)}`);
      }
    }
    return { status: res.status, body: parsed, text, bytes, headers: res.headers };
  }

  /** Keeps the cookie and the CSRF token of a sign-in or setup answer. */
  adopt(res: { headers: Headers; body: Envelope<unknown> }) {
    const set = res.headers.get("set-cookie") ?? "";
    const m = /^([^=]+=[^;]*)/.exec(set);
    if (m) this.cookie = m[1]!;
    const data = res.body.data as { csrfToken?: string } | null;
    if (data?.csrfToken) this.csrf = data.csrfToken;
  }

  async login(username: string, password: string) {
    const res = await this.req("POST", "/api/admin/login", { username, password });
    if (res.status === 200) this.adopt(res);
    return res;
  }
}

/** The first admin of a fresh site, as the newsroom tests create it. */
export const CHIEF = { username: "chief", displayName: "总编", password: "correct-horse-battery" };

/** Creates the site's first admin through the setup API and returns that admin's signed-in client. */
export async function firstAdmin(base: string, who = CHIEF): Promise<AdminClient> {
  const admin = new AdminClient(base);
  admin.adopt(await admin.req("POST", "/api/admin/setup", who));
  return admin;
}

/** A small PNG picture made on the spot (sharp), for upload tests. */
export async function testPicture(width = 1600, height = 900): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  return sharp({
    create: { width, height, channels: 3, background: { r: 232, g: 56, b: 13 } },
  })
    .png()
    .toBuffer();
}

/**
 * An article as the console's editor sends it: a draft in column 5 with a demo cover, now. Tests
 * override what they are about (title, status, time, body, tags…).
 */
export function articleForm(over: Record<string, unknown> = {}) {
  return {
    title: "测试文章",
    intro: "测试文章的摘要",
    content: "<p>测试文章的正文</p>",
    thumb: "/uploads/demo/article-1.svg",
    author: "小编",
    columnId: 5,
    tags: [] as string[],
    hot: false,
    status: "draft",
    createdAt: new Date().toISOString(),
    ...over,
  };
}
