// Over a minute on a busy 2-core machine (README, "Tests"): every write of the API gets its valid body
// and FUZZ_WRITES spoilt ones on each engine, against the build running as a process; each accepted
// write is read back and followed to the pages it changes.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { z } from "zod";
import { CONSOLE_RESOURCE_LIST, type ConsoleResource } from "../../contract/resources";
import { cleanInput } from "../../contract/text";
import { type FakeWechat, publishOnFake, startFakeWechat, wechatPushSignature } from "../../fakes/wechat-mp";
import { openApiDocument, openApiPath } from "../../server/api/openapi";
import { endpoints } from "../../server/api/registry";
import { AdminClient, testPicture } from "../../tools/admin-client";
import { pgAdmin, pgUrl } from "../../tools/databases";
import {
  applySpoilt,
  decodedForm,
  inputSchema,
  type Json,
  queryOf,
  type Spoilt,
  spoilt,
  validFrom,
  wtf8,
} from "../helpers/fuzz-bodies";
import { engines } from "../helpers/server";
import { type SiteProcess, startSiteProcess } from "../helpers/site-process";

/**
 * A fuzz that follows the write. Every console and public write of the OpenAPI document gets
 * bodies built from its own schema and then spoilt (lone surrogates, NUL, CR/LF, RTL marks,
 * 4-byte characters, 100,000-character strings, 10,000-deep nesting, wrong types; see
 * tests/helpers/fuzz-bodies.ts), against the production build running as a child process.
 *
 * Pass: the process never exits; no answer is 5xx or shows a stack trace; every 4xx says why in
 * Chinese; a refused write changes nothing (what the write could touch reads the same before and
 * after); an accepted write reads back whole from the console (fields as sent, after the schema's
 * documented normalisation) and every public page it changes still answers.
 *
 * FUZZ_WRITES: spoilt bodies per write and engine (each write also sends its valid body first).
 * FUZZ_SEED: fast-check's seed (printed with every failure, to replay a run).
 */
const PER_WRITE = Number(process.env.FUZZ_WRITES ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? crypto.randomInt(2 ** 31));

/** The run's seed mixed with a write's name. */
const seedOf = (key: string) => crypto.createHash("sha256").update(`${SEED}:${key}`).digest().readInt32LE(0);

const CHINESE = /[\u4e00-\u9fff]/;
/** A stack frame (`at fn (file:line:col)`), a source path or a module path in an answer. */
const STACK = /\bat [\w$.<>[\] ]+ \(?[^)\s]*:\d+:\d+\)?|node_modules\/|\/server\/[\w/-]+\.ts\b/;

type Method = "post" | "put" | "delete";
interface Answer {
  status: number;
  text: string;
  type: string;
  location: string | null;
  json: { statusCode?: number; message?: string; data?: unknown } | null;
  /** the server closed the connection before the request was sent whole (an address over the limit, an early refusal) */
  closed?: boolean;
}

/** Characters XML 1.0 does not allow in a document (controls, lone surrogates, U+FFFE/U+FFFF). */
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a 公众号 sync says when a step failed for a reason it could not name (server/services/wechat-sync.ts): a bug. */
const SYNC_FAILED = "同步时出现内部错误，稍后会自动重试";

/** What an import job says when it failed for a reason it could not name (server/import/jobs.ts): a bug. */
const IMPORT_FAILED = "导入失败，请查看服务器日志";

/** Node's limit on a request's head: a longer address is refused before any handler runs. */
const HEADER_LIMIT = 16 * 1024;

/** How a write's input travels. */
type Transport =
  /** a JSON body (console changes) */
  | "json"
  /** the query string (console actions without a body, DELETE filters) and a spoilt JSON body that must be ignored */
  | "query"
  /** the original public clients' ways: JSON, form-encoded or query, chosen per request */
  | "public"
  /** a multipart picture whose file name and form fields are the spoilt values */
  | "picture"
  /** a text body made from the spoilt values (WordPress export, WeChat push) */
  | "text";

interface Prepared {
  /** the path with its ids */
  path: string;
  /** the valid body (or query) the spoilt ones start from */
  base: Json;
  /** a text body made from the (spoilt) values, for transport "text" */
  text?: (v: Json) => string;
  /** the query string, for transports that carry their input elsewhere */
  query?: string;
  /** what the write could change, read before and after a refused one */
  state?: () => Promise<unknown>;
  /** an accepted write read back: the problems found (empty when it reads back whole) */
  readBack?: (sent: Json, answer: Answer) => Promise<string[]>;
  /** the public (and console) pages an accepted write changes */
  pages?: (sent: Json, answer: Answer) => Promise<string[]> | string[];
  /** a session of its own (sign-out ends the one it uses) */
  client?: AdminClient;
}

interface Target {
  /** the zod schema of the input, from the endpoint's declaration */
  schema: z.ZodType;
  transport: Transport;
  /** no session (public and sign-in), or the fuzz admin's */
  anon?: boolean;
  prepare(): Promise<Prepared>;
  /** an answer that is 2xx but refuses (alipayNotify's plain `fail`) */
  refusedIn200?: (a: Answer) => boolean;
  /** why no body may ever be accepted here in this run (printed; anything accepted is then a failure) */
  neverAccepted?: string;
}

/** JSON text of a value, or a note when it is too deep for JSON.stringify. */
const jsonOf = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return "(nested too deep to show)";
  }
};
const show = (v: unknown, max = 80) => {
  const s = typeof v === "string" ? v : jsonOf(v);
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}…(${s.length})` : s);
};

/** The envelope's data of an answer (the fuzz reads it only from accepted writes). */
const dataOf = <T>(a: Answer): T => (a.json?.data ?? {}) as T;

const deepEqual = (a: unknown, b: unknown) => jsonOf(a) === jsonOf(b);

describe.each(engines())("writes fuzzed on %s, followed to the pages they change", (engine) => {
  let site: SiteProcess;
  let fake: FakeWechat;
  let admin: AdminClient;
  const cleanup: (() => unknown)[] = [];
  /** per write: bodies sent, accepted, refused; articles an import made */
  const stats = new Map<string, { sent: number; accepted: number; refused: number; followed: number }>();
  let seq = 0;
  const next = () => ++seq;
  /** the site's DATA_DIR */
  let root = "";
  /** How many files a folder of DATA_DIR holds (what a refused upload must not add to). */
  const filesUnder = (dir: string) =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile()).length
      : 0;
  const tag = crypto.randomBytes(2).toString("hex");

  // ------------------------------------------------------------------ the process and HTTP

  /** The process must still be there, and answer. */
  async function alive(after: string): Promise<string[]> {
    if (site.child.exitCode !== null || site.child.signalCode !== null)
      return [
        `process exited (${site.child.exitCode ?? site.child.signalCode}) after ${after}: ${site.err().slice(-1500) || site.out().slice(-1500)}`,
      ];
    const res = await fetch(`${site.url}/healthz`).catch((e: Error) => e);
    if (res instanceof Error || res.status !== 200) {
      // A process that stopped answering is usually on its way out: its exit code and last words.
      const code = await Promise.race([
        site.exited,
        new Promise((r) => setTimeout(() => r("still running"), 10_000).unref()),
      ]);
      return [
        `process does not answer after ${after} (${res instanceof Error ? res.message : res.status}; exit: ${code}): ${site.err().slice(-1500) || site.out().slice(-1500)}`,
      ];
    }
    return [];
  }

  async function request(
    method: string,
    p: string,
    opts: {
      body?: string | FormData;
      type?: string;
      client?: AdminClient | null;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.type) headers["content-type"] = opts.type;
    const c = opts.client;
    if (c?.cookie) headers.cookie = c.cookie;
    if (c?.csrf && method !== "GET") headers["x-csrf-token"] = c.csrf;
    let res: Response;
    try {
      res = await fetch(site.url + p, { method, headers, body: opts.body, redirect: "manual" });
    } catch (err) {
      // An address over Node's 16 KB header limit is answered 431 while the client still sends it:
      // the connection then closes under the sender. The process must still be up (checked next).
      if (p.length > HEADER_LIMIT)
        return { status: 431, text: "", type: "", location: null, json: null, closed: true };
      // A refusal given before the body is read closes the connection (tests/api/early-answer.test.ts);
      // on a busy machine the server stops reading the unread rest while the client still writes it,
      // and fetch reports the broken pipe instead of the answer. Refused, then: nothing was taken
      // (the state checks after every write still look), and the process is looked at next.
      const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code;
      if (opts.body !== undefined && code === "EPIPE")
        return { status: 400, text: "", type: "", location: null, json: null, closed: true };
      // No answer at all: judged as a failure, and the process is looked at next.
      return { status: 0, text: String((err as Error).cause ?? err), type: "", location: null, json: null };
    }
    const text = await res.text();
    const type = res.headers.get("content-type") ?? "";
    let json: Answer["json"] = null;
    if (type.includes("json"))
      try {
        json = JSON.parse(text) as Answer["json"];
      } catch {}
    return { status: res.status, text, type, location: res.headers.get("location"), json };
  }

  /** The problems of one answer: 5xx, a stack trace, a 4xx without Chinese. */
  function judge(a: Answer, where: string): string[] {
    const out: string[] = [];
    const head = `${where} → ${a.status} ${a.text.slice(0, 300)}`;
    if (a.status === 0) out.push(`no answer: ${head}`);
    if (a.status >= 500) out.push(`5xx: ${head}`);
    if (STACK.test(a.text)) out.push(`stack trace: ${head}`);
    if (a.status >= 400 && a.status < 500 && !a.closed) {
      const said = a.json ? (a.json.message ?? "") : a.text;
      if (!CHINESE.test(said)) out.push(`4xx not in Chinese: ${head}`);
    }
    return out;
  }

  /** A console GET's data, or a thrown error (the fuzz's own reads must work). */
  async function get<T = Record<string, unknown>>(p: string): Promise<T> {
    const a = await request("GET", p, { client: admin });
    if (a.status !== 200 || !a.json) throw new Error(`GET ${p} → ${a.status} ${a.text.slice(0, 300)}`);
    return a.json.data as T;
  }
  /** A console change the fuzz makes to set the stage (must succeed). */
  async function change<T = Record<string, unknown>>(
    method: string,
    p: string,
    body?: unknown,
    client = admin,
  ): Promise<T> {
    const a = await request(method, p, {
      client,
      body: body === undefined ? undefined : JSON.stringify(body),
      type: body === undefined ? undefined : "application/json",
    });
    if (a.status !== 200 || !a.json) throw new Error(`${method} ${p} → ${a.status} ${a.text.slice(0, 300)}`);
    return a.json.data as T;
  }
  /** A console GET's status and data, for reading back what may be gone. */
  async function read(p: string): Promise<{ status: number; data: unknown }> {
    const a = await request("GET", p, { client: admin });
    return { status: a.status, data: a.json?.data ?? null };
  }

  // ------------------------------------------------------------------ reading back

  /** Fields whose stored value is the sent one after the schema's own normalisation (trim, defaults). */
  function sameFields(
    expected: Record<string, unknown>,
    row: Record<string, unknown>,
    fields: string[],
    what: string,
  ) {
    const out: string[] = [];
    for (const f of fields) {
      if (!(f in expected)) continue;
      if (!deepEqual(expected[f], row[f]))
        out.push(`${what}.${f} reads back changed: sent ${show(expected[f])}, stored ${show(row[f])}`);
    }
    return out;
  }

  /**
   * The input as the server normalises it (its text cleaned, contract/text.ts, then the schema's
   * trims and defaults), or null when the schema refuses it.
   */
  function normalised(t: Target, sent: Json): Record<string, unknown> | null {
    const r = t.schema.safeParse(cleanInput(sent));
    return r.success ? (r.data as Record<string, unknown>) : null;
  }

  /** Drops what changes by itself (view counts, sign-in times) from a state read. */
  const steady = (v: unknown): unknown =>
    JSON.parse(JSON.stringify(v ?? null), (k, x) =>
      k === "viewCount" || k === "lastLoginAt" ? undefined : x,
    );

  // ------------------------------------------------------------------ the site and its fixtures

  const f = {
    columnId: 0,
    articleId: 0,
    productId: 0,
    questionId: 0,
    leadId: 0,
    orderId: 0,
    orderNo: "",
    editorId: 0,
    /** a JPEG cover the console uploaded (the 公众号 takes JPEG and PNG only) */
    cover: "",
    rows: {} as Record<string, number>,
    wechatArticles: [] as { articleId: string; idx: number; path: string }[],
  };
  const LOGIN = { username: `fuzz_login_${tag}`, password: "fuzz-login-password" };
  const OUT = { username: `fuzz_out_${tag}`, password: "fuzz-logout-password" };

  beforeAll(async () => {
    fake = await startFakeWechat({ publishDelayMs: 50 });
    cleanup.push(() => fake.close());
    // Baidu refuses every push (a wrong token), so pushes fail and can be retried.
    const baidu = http.createServer((_req, res) => {
      res
        .writeHead(401, { "content-type": "application/json" })
        .end('{"error":401,"message":"token is not valid"}');
    });
    await new Promise<void>((r) => baidu.listen(0, "127.0.0.1", r));
    cleanup.push(() => new Promise<void>((r) => baidu.close(() => r())));
    const baiduUrl = `http://127.0.0.1:${(baidu.address() as AddressInfo).port}`;
    root = fs.mkdtempSync(path.join(inject("dataDir"), `fuzz-writes-${engine}-`));
    cleanup.push(() => fs.rmSync(root, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (engine === "sqlite") fs.copyFileSync(inject("sqliteTemplate"), path.join(root, "site.db"));
    else {
      const db = `dsn_fuzzw_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
      await pgAdmin((c) => c.query(`CREATE DATABASE ${db} TEMPLATE ${inject("pgTemplate")}`));
      cleanup.push(() => pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)));
      databaseUrl = pgUrl(db);
    }
    site = await startSiteProcess({
      DATA_DIR: root,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      NODE_ENV: "test",
      TRUST_PROXY: "true",
      REMOTE_IMAGES_ALLOW_LOOPBACK: "1",
      WECHAT_API_BASE: fake.url,
      WECHAT_MP_BASE: fake.url,
      WECHAT_APP_ID: fake.appId,
      WECHAT_APP_SECRET: fake.appSecret,
      WECHAT_CALLBACK_TOKEN: CALLBACK_TOKEN,
      WECHAT_SYNC_POLL_SECONDS: "1",
      PUBLIC_URL: "http://fuzz.example",
      BAIDU_PUSH_URL: `${baiduUrl}/urls?site=http://fuzz.example&token=wrong`,
      PUSH_POLL_SECONDS: "1",
    });
    cleanup.push(() => site.kill("SIGKILL"));

    // The first admin, by the setup endpoint with a name full of what the fuzz sends.
    admin = new AdminClient(site.url);
    const setup = await admin.req("POST", "/api/admin/setup", {
      username: `fuzz_chief_${tag}`,
      displayName: "总编😀\u202E𠀀",
      password: "fuzz-chief-password",
    });
    expect(setup.status, setup.text).toBe(200);
    admin.adopt(setup);
    count("POST /api/admin/setup").accepted++;

    const upload = new FormData();
    upload.append("file", new Blob([new Uint8Array(await picture())], { type: "image/png" }), "cover.png");
    const cover = await request("POST", "/api/admin/upload?kind=cover", { client: admin, body: upload });
    expect(cover.status, cover.text).toBe(200);
    f.cover = dataOf<{ url: string }>(cover).url;
    const columns = await get<{ items: { id: number }[] }>("/api/admin/columns?pageSize=200");
    f.columnId = columns.items[0]!.id;
    f.articleId = (await change<{ id: number }>("POST", "/api/admin/articles", articleBody())).id;
    f.productId = 990_000 + Number.parseInt(tag, 16);
    await change("POST", "/api/admin/products", productBody(f.productId));
    f.questionId = (
      await change<{ id: number }>("POST", `/api/admin/products/${f.productId}/questions`, questionBody())
    ).id;
    for (const r of CONSOLE_RESOURCE_LIST) {
      if (r.canCreate)
        f.rows[r.name] = (
          await change<{ id: number }>("POST", `/api/admin/${r.name}`, await resourceBody(r))
        ).id;
      else f.rows[r.name] = (await get<{ items: { id: number }[] }>(`/api/admin/${r.name}`)).items[0]!.id;
    }
    f.editorId = (
      await change<{ id: number }>("POST", "/api/admin/users", {
        username: `fuzz_editor_${tag}`,
        displayName: "模糊编辑",
        password: "fuzz-editor-password",
        role: "editor",
      })
    ).id;
    for (const u of [LOGIN, OUT])
      await change("POST", "/api/admin/users", { ...u, displayName: "模糊账号", role: "editor" });
    f.leadId = await newLead(freshPhone());
    const order = await newOrder();
    f.orderNo = order.orderNo;
    f.orderId = order.id;
    const links = await publishOnFake(fake, [
      {
        title: "公众号文章😀",
        author: "小编",
        digest: "摘要",
        paragraphs: ["第一段\u202E", "第二段"],
        pictures: [],
      },
      { title: "公众号文章二", author: "小编", digest: "摘要", paragraphs: ["正文"], pictures: [] },
    ]);
    const published = fake.published.at(-1)!;
    f.wechatArticles = links.map((l, i) => ({
      articleId: published.articleId ?? "",
      idx: i + 1,
      path: new URL(l).pathname,
    }));
  }, 180_000);

  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  // ------------------------------------------------------------------ bodies the fuzz starts from

  const now = () => new Date().toISOString();
  const freshPhone = () => `139${String(crypto.randomInt(10_000_000, 99_999_999))}`;
  const freshIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

  function articleBody(over: Record<string, Json> = {}): Record<string, Json> {
    return {
      title: "模糊测试文章",
      intro: "模糊测试摘要",
      content: "<p>模糊测试正文</p>",
      thumb: "/uploads/demo/article-1.svg",
      author: "模糊",
      columnId: f.columnId,
      tags: [`模糊${tag}`],
      hot: false,
      status: "published",
      seoTitle: "模糊 SEO",
      seoDescription: "模糊描述",
      shareImage: "/uploads/demo/article-1.svg",
      createdAt: now(),
      ...over,
    };
  }
  const productBody = (id: number): Record<string, Json> => ({
    id,
    name: "模糊产品",
    price: 9.9,
    contractHtml: "<p>模糊协议</p>",
    requiresAgreement: true,
  });
  const questionBody = (): Record<string, Json> => ({
    title: "模糊问题",
    showTitle: "模糊",
    field: "fuzzField",
    type: "RADIO",
    required: false,
    sortOrder: 1,
    options: [{ title: "选项一", hasInput: false }],
  });
  async function resourceBody(r: ConsoleResource): Promise<Record<string, Json>> {
    const pic = "/uploads/demo/article-1.svg";
    const own: Record<string, Record<string, Json>> = {
      columns: { name: "模糊栏目", sortOrder: 50 },
      tags: { name: `模糊${next()}` },
      banners: { columnId: 11, name: "模糊广告", link: "/newlist/1", image: pic, sortOrder: 9 },
      partners: { name: "模糊伙伴", thumb: pic, link: "https://example.com/", sortOrder: 9 },
      activities: {
        columnId: 17,
        name: "模糊活动",
        link: "/activity",
        thumb: pic,
        startTime: now(),
        address: "上海",
        intro: "模糊简介",
        status: "报名中",
        guests: "嘉宾",
      },
      contacts: {
        title: "模糊合作",
        contactName: "小模",
        phone: "010-12345678",
        email: "bd@example.com",
        sortOrder: 1,
      },
      "travel-tabs": { listKey: "list1", name: "模糊分类", sortOrder: 9 },
      "travel-items": {
        tabId:
          f.rows["travel-tabs"] ??
          (await get<{ items: { id: number }[] }>("/api/admin/travel-tabs")).items[0]!.id,
        serialNum: 1,
        picUrl: pic,
        name: "模糊商品",
        location: "杭州",
        price: 99.5,
        password: "口令",
      },
    };
    return own[r.name]!;
  }

  async function newLead(phone: string): Promise<number> {
    const a = await request("POST", "/api/mcn/insertMcnBusiness", {
      body: JSON.stringify({
        contactName: "模糊联系人",
        contactPhone: phone,
        brand: "模糊品牌",
        role: "运营",
      }),
      type: "application/json",
      headers: { "x-forwarded-for": freshIp() },
    });
    if (a.status !== 200) throw new Error(`lead: ${a.status} ${a.text}`);
    const leads = await get<{ items: { id: number; phone: string }[] }>(`/api/admin/leads?q=${phone}`);
    return leads.items.find((l) => l.phone === phone)!.id;
  }

  const SIGNUP = {
    productId: 278,
    menberProfession: "ANCHOR",
    signWay: "INDIVIDUAL",
    companyName: "",
    signer: "张三",
    idCardNumber: "11010519491231002X",
    contact: "13800138000",
    payer: "张三",
    orderNum: "1",
    questionList: [
      { questionId: 112, answer: "1万至10万" },
      { questionId: 113, answer: "抖音,其他平台:小红书" },
      { questionId: 1, answer: "主播" },
      { questionId: 23, answer: "理事" },
    ],
  } satisfies Record<string, Json>;

  async function newOrder(): Promise<{ id: number; orderNo: string; html: string }> {
    const a = await request("POST", "/api/onlineApply/payCommit", {
      body: JSON.stringify({ ...SIGNUP, contact: `139${String(crypto.randomInt(10_000_000, 99_999_999))}` }),
      type: "application/json",
      headers: { "x-forwarded-for": freshIp() },
    });
    if (a.status !== 200) throw new Error(`order: ${a.status} ${a.text}`);
    const { orderNo, result } = a.json!.data as { orderNo: string; result: string };
    const orders = await get<{ items: { id: number; orderNo: string }[] }>(`/api/admin/orders?q=${orderNo}`);
    return { id: orders.items.find((o) => o.orderNo === orderNo)!.id, orderNo, html: result };
  }

  /** The hidden fields of the payment page's form. */
  const hiddenFields = (html: string) =>
    Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

  // ------------------------------------------------------------------ the pages a write changes

  const articlePages = async (id: number) => {
    const a = await read(`/api/admin/articles/${id}`);
    const art = a.data as { columnId: number; tags: { tagId: number }[] } | null;
    return [
      `/articledetail/${id}`,
      `/api/product/content/detail?contentId=${id}`,
      "/",
      "/news",
      ...(art ? [`/newlist/${art.columnId}`, ...art.tags.map((t) => `/taglist/${t.tagId}`)] : []),
      "/rss.xml",
      "/sitemap.xml",
      `/searchlist/${encodeURIComponent("模糊")}`,
    ];
  };
  const RESOURCE_PAGES: Record<string, (id: number) => string[]> = {
    columns: (id) => ["/", `/newlist/${id}`, "/api/product/column/list"],
    tags: (id) => [`/taglist/${id}`, "/"],
    banners: () => ["/", "/api/product/banner/list?columnId=11&page=1&pageSize=10"],
    partners: () => ["/", "/api/product/partner/list"],
    activities: () => ["/activity", "/api/product/activity/list?columnId=17&page=1&pageSize=10"],
    contacts: () => ["/cooperate", "/api/product/cooperation/list"],
    "travel-tabs": () => ["/activity/caicai/list", "/activity/caicai/list2", "/api/product/fliggy/list"],
    "travel-items": () => ["/activity/caicai/list", "/activity/caicai/list2", "/api/product/fliggy/list"],
  };
  const productPages = (id: number) => [
    `/tzyx/zebra/product/${id}`,
    `/txws/zebra/product/${id}`,
    `/api/product/detail?productId=${id}`,
    `/api/product/question/list?productId=${id}`,
  ];

  // ------------------------------------------------------------------ every write, by its declaration

  const CALLBACK_TOKEN = "fuzzCallbackToken";
  const schemaOf = (key: string): z.ZodType => {
    const [method, p] = key.split(" ");
    const e = endpoints.find((x) => x.method === method!.toLowerCase() && x.path === p);
    if (!e) throw new Error(`no endpoint ${key}`);
    return (e.body ?? e.query) as z.ZodType;
  };

  /** The valid body of a write: the schema's own, with what only the test knows on top. */
  function baseOf(key: string, own: Record<string, Json | undefined>): Json {
    const { root, defs } = inputSchema(schemaOf(key));
    const derived = (validFrom(root, defs) ?? {}) as Record<string, Json>;
    const out: Record<string, Json> = { ...derived };
    for (const [k, v] of Object.entries(own)) {
      if (v === undefined) delete out[k];
      else out[k] = v;
    }
    return out;
  }

  const articleReadBack = (t: () => Target) => async (sent: Json, a: Answer) => {
    const exp = normalised(t(), sent);
    const id = dataOf<{ id: number }>(a).id;
    const row = await get(`/api/admin/articles/${id}`);
    if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
    const out = sameFields(
      exp,
      row,
      [
        "title",
        "intro",
        "thumb",
        "author",
        "columnId",
        "hot",
        "status",
        "seoTitle",
        "seoDescription",
        "shareImage",
      ],
      "article",
    );
    const tags = (row.tags as { tagName: string }[]).map((x) => x.tagName);
    const sentTags = [...new Set(exp.tags as string[])];
    if (!deepEqual([...tags].sort(), [...sentTags].sort()))
      out.push(`article.tags read back changed: sent ${show(sentTags)}, stored ${show(tags)}`);
    if (Date.parse(String(row.createdAt)) !== Date.parse(String(exp.createdAt)) && exp.status !== "draft")
      out.push(
        `article.createdAt read back changed: sent ${show(exp.createdAt)}, stored ${show(row.createdAt)}`,
      );
    const text = (html: string) => html.replace(/<[^>]*>/g, "");
    const sentText = text(String(exp.content));
    if (!/[<>&]/.test(sentText) && text(String(row.content)) !== sentText)
      out.push(
        `article.content text read back changed: sent ${show(sentText)}, stored ${show(text(String(row.content)))}`,
      );
    if (!deepEqual(steady(row), steady(stripRemote(a.json?.data))))
      out.push(
        `article answered differs from the stored one: ${show(steady(a.json?.data))} vs ${show(steady(row))}`,
      );
    if (row.status === "published") {
      const pub = await request("GET", `/api/product/content/detail?contentId=${id}`);
      const title = (pub.json?.data as { title?: string } | undefined)?.title;
      if (title !== row.title)
        out.push(`public article title ${show(title)} is not the stored ${show(row.title)}`);
    }
    return out;
  };
  const stripRemote = (d: unknown) => {
    const { remoteImages: _r, ...rest } = d as Record<string, unknown>;
    return rest;
  };

  const targets: Record<string, Target> = {};
  const def = (key: string, t: Omit<Target, "schema"> & { schema?: z.ZodType }) => {
    targets[key] = { schema: schemaOf(key), ...t };
  };

  // Articles
  def("POST /api/admin/articles", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/articles",
      base: baseOf("POST /api/admin/articles", { ...articleBody(), baseVersion: undefined }),
      state: async () =>
        (await get<{ total: number; items: unknown[] }>("/api/admin/articles?pageSize=1")).total,
      readBack: articleReadBack(() => targets["POST /api/admin/articles"]!),
      pages: (_s, a) => articlePages(dataOf<{ id: number }>(a).id),
    }),
  });
  def("PUT /api/admin/articles/:id", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/articles/${f.articleId}`,
      base: baseOf("PUT /api/admin/articles/:id", { ...articleBody(), baseVersion: undefined }),
      state: () => get(`/api/admin/articles/${f.articleId}`).then(steady),
      readBack: articleReadBack(() => targets["PUT /api/admin/articles/:id"]!),
      pages: () => articlePages(f.articleId),
    }),
  });
  const scheduled = async () =>
    (
      await change<{ id: number }>(
        "POST",
        "/api/admin/articles",
        articleBody({ status: "scheduled", createdAt: new Date(Date.now() + 86_400_000).toISOString() }),
      )
    ).id;
  for (const [action, becomes] of [
    ["publish-now", "published"],
    ["unschedule", "draft"],
  ] as const)
    def(`POST /api/admin/articles/:id/${action}`, {
      transport: "query",
      prepare: async () => {
        const id = await scheduled();
        return {
          path: `/api/admin/articles/${id}/${action}`,
          base: {},
          state: () => get(`/api/admin/articles/${id}`).then(steady),
          readBack: async () => {
            const row = await get(`/api/admin/articles/${id}`);
            return row.status === becomes ? [] : [`${action}: status ${show(row.status)}, not ${becomes}`];
          },
          pages: () => articlePages(id),
        };
      },
    });
  def("POST /api/admin/articles/:id/revisions/:revision/restore", {
    transport: "query",
    prepare: async () => {
      const revs = await get<{ id: number; version: number }[]>(
        `/api/admin/articles/${f.articleId}/revisions`,
      );
      const rev = revs.at(-1)!;
      const full = await get(`/api/admin/articles/${f.articleId}/revisions/${rev.id}`);
      return {
        path: `/api/admin/articles/${f.articleId}/revisions/${rev.id}/restore`,
        base: {},
        state: () => get(`/api/admin/articles/${f.articleId}`).then(steady),
        readBack: async () => {
          const row = await get(`/api/admin/articles/${f.articleId}`);
          return row.title === full.title
            ? []
            : [`restore: title ${show(row.title)}, not ${show(full.title)}`];
        },
        pages: () => articlePages(f.articleId),
      };
    },
  });
  def("POST /api/admin/articles/:id/previews", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/articles/${f.articleId}/previews`,
      base: baseOf("POST /api/admin/articles/:id/previews", { days: 3 }),
      state: () => get(`/api/admin/articles/${f.articleId}/previews`),
      readBack: async (_s, a) => {
        const made = dataOf<{ link: { id: string } }>(a);
        const list = await get<{ id: string }[]>(`/api/admin/articles/${f.articleId}/previews`);
        return list.some((l) => l.id === made.link.id) ? [] : [`preview ${made.link.id} is not listed`];
      },
      pages: (_s, a) => [dataOf<{ path: string }>(a).path],
    }),
  });
  def("DELETE /api/admin/articles/:id/previews", {
    transport: "query",
    prepare: async () => {
      const made = await change<{ path: string; link: { id: string } }>(
        "POST",
        `/api/admin/articles/${f.articleId}/previews`,
        { days: 1 },
      );
      return {
        path: `/api/admin/articles/${f.articleId}/previews`,
        base: { link: made.link.id },
        state: () => get(`/api/admin/articles/${f.articleId}/previews`),
        readBack: async () => {
          const page = await request("GET", made.path);
          return page.status === 200 ? [`revoked preview ${made.path} still answers 200`] : [];
        },
        pages: () => [made.path],
      };
    },
  });
  def("PUT /api/admin/articles/:id/hot", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/articles/${f.articleId}/hot`,
      base: { hot: true },
      state: () => get(`/api/admin/articles/${f.articleId}`).then(steady),
      readBack: async (sent) => {
        const row = await get(`/api/admin/articles/${f.articleId}`);
        return row.hot === normalised(targets["PUT /api/admin/articles/:id/hot"]!, sent)?.hot
          ? []
          : [`hot: ${show(row.hot)} after ${show(sent)}`];
      },
      pages: () => [...(["/news", "/api/product/content/newsList?page=1&pageSize=10"] as string[])],
    }),
  });
  def("DELETE /api/admin/articles/:id", {
    transport: "query",
    prepare: async () => {
      const id = (await change<{ id: number }>("POST", "/api/admin/articles", articleBody())).id;
      const pages = await articlePages(id);
      return {
        path: `/api/admin/articles/${id}`,
        base: {},
        state: () => read(`/api/admin/articles/${id}`).then(steady),
        readBack: async () => {
          const r = await read(`/api/admin/articles/${id}`);
          return r.status === 404 ? [] : [`deleted article ${id} answers ${r.status}`];
        },
        pages: () => pages,
      };
    },
  });
  def("POST /api/admin/upload", {
    transport: "picture",
    prepare: async () => ({
      path: "/api/admin/upload",
      base: { kind: "cover", name: "封面.png" },
      state: async () => filesUnder("uploads"),
      readBack: async (_s, a) => {
        const url = dataOf<{ url: string }>(a).url;
        const pic = await request("GET", url);
        return pic.status === 200 ? [] : [`uploaded ${url} answers ${pic.status}`];
      },
    }),
  });

  // Products and their questions
  def("POST /api/admin/products", {
    transport: "json",
    prepare: async () => {
      const id = 900_000 + next() * 100 + (Number.parseInt(tag, 16) % 100);
      return {
        path: "/api/admin/products",
        base: baseOf("POST /api/admin/products", productBody(id)),
        state: () => get("/api/admin/products"),
        readBack: productReadBack("POST /api/admin/products"),
        pages: (_s, a) => productPages(dataOf<{ id: number }>(a).id),
      };
    },
  });
  const productReadBack = (key: string) => async (sent: Json, a: Answer) => {
    const exp = normalised(targets[key]!, sent);
    if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
    const id = dataOf<{ id: number }>(a).id;
    const row = await get(`/api/admin/products/${id}`);
    const out = sameFields(exp, row, ["name", "price", "requiresAgreement"], "product");
    if (
      !String(exp.contractHtml).includes("<") &&
      String(row.contractHtml).replace(/<[^>]*>/g, "") !== exp.contractHtml
    )
      out.push(
        `product.contractHtml read back changed: ${show(exp.contractHtml)} → ${show(row.contractHtml)}`,
      );
    return out;
  };
  def("PUT /api/admin/products/:id", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/products/${f.productId}`,
      base: baseOf("PUT /api/admin/products/:id", productBody(f.productId)),
      state: () => get(`/api/admin/products/${f.productId}`),
      readBack: productReadBack("PUT /api/admin/products/:id"),
      pages: () => productPages(f.productId),
    }),
  });
  def("DELETE /api/admin/products/:id", {
    transport: "query",
    prepare: async () => {
      const id = 800_000 + next() * 100 + (Number.parseInt(tag, 16) % 100);
      await change("POST", "/api/admin/products", productBody(id));
      return {
        path: `/api/admin/products/${id}`,
        base: {},
        state: () => read(`/api/admin/products/${id}`),
        readBack: async () => {
          const r = await read(`/api/admin/products/${id}`);
          return r.status === 404 ? [] : [`deleted product ${id} answers ${r.status}`];
        },
        pages: () => productPages(id),
      };
    },
  });
  const questionReadBack = (key: string, productId: () => number) => async (sent: Json, a: Answer) => {
    const exp = normalised(targets[key]!, sent);
    if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
    const id = dataOf<{ id: number }>(a).id;
    const p = await get<{ questions: Record<string, unknown>[] }>(`/api/admin/products/${productId()}`);
    const row = p.questions.find((q) => q.id === id);
    if (!row) return [`question ${id} is not listed under its product`];
    return sameFields(
      exp,
      row,
      ["title", "showTitle", "field", "type", "required", "sortOrder", "options"],
      "question",
    );
  };
  def("POST /api/admin/products/:id/questions", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/products/${f.productId}/questions`,
      base: baseOf("POST /api/admin/products/:id/questions", questionBody()),
      state: () => get(`/api/admin/products/${f.productId}`),
      readBack: questionReadBack("POST /api/admin/products/:id/questions", () => f.productId),
      pages: () => productPages(f.productId),
    }),
  });
  def("PUT /api/admin/products/:id/questions/:qid", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/products/${f.productId}/questions/${f.questionId}`,
      base: baseOf("PUT /api/admin/products/:id/questions/:qid", questionBody()),
      state: () => get(`/api/admin/products/${f.productId}`),
      readBack: questionReadBack("PUT /api/admin/products/:id/questions/:qid", () => f.productId),
      pages: () => productPages(f.productId),
    }),
  });
  def("DELETE /api/admin/products/:id/questions/:qid", {
    transport: "query",
    prepare: async () => {
      const q = await change<{ id: number }>(
        "POST",
        `/api/admin/products/${f.productId}/questions`,
        questionBody(),
      );
      return {
        path: `/api/admin/products/${f.productId}/questions/${q.id}`,
        base: {},
        state: () => get(`/api/admin/products/${f.productId}`),
        readBack: async () => {
          const p = await get<{ questions: { id: number }[] }>(`/api/admin/products/${f.productId}`);
          return p.questions.some((x) => x.id === q.id) ? [`deleted question ${q.id} is still listed`] : [];
        },
        pages: () => productPages(f.productId),
      };
    },
  });

  // The simple console resources
  for (const r of CONSOLE_RESOURCE_LIST) {
    const base = `/api/admin/${r.name}`;
    const readBack = (key: string) => async (sent: Json, a: Answer) => {
      const exp = normalised(targets[key]!, sent);
      if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
      const id = dataOf<{ id: number }>(a).id;
      const row = await get(`${base}/${id}`);
      const out = sameFields(exp, row, Object.keys(exp), r.name);
      if (!deepEqual(steady(row), steady(a.json?.data)))
        out.push(`${r.name} answered ${show(a.json?.data)} but stored ${show(row)}`);
      return out;
    };
    const pagesOf = (id: number) => RESOURCE_PAGES[r.name]!(id);
    def(`POST ${base}`, {
      transport: "json",
      neverAccepted: r.canCreate ? undefined : `${r.label}不能新增 (405 by design)`,
      prepare: async () => ({
        path: base,
        base: baseOf(`POST ${base}`, await resourceBody(r)),
        state: () => get(`${base}?pageSize=200`),
        readBack: readBack(`POST ${base}`),
        pages: (_s, a) => pagesOf(dataOf<{ id: number }>(a).id),
      }),
    });
    def(`PUT ${base}/:id`, {
      transport: "json",
      prepare: async () => ({
        path: `${base}/${f.rows[r.name]}`,
        base: baseOf(`PUT ${base}/:id`, await resourceBody(r)),
        state: () => get(`${base}/${f.rows[r.name]}`),
        readBack: readBack(`PUT ${base}/:id`),
        pages: () => pagesOf(f.rows[r.name]!),
      }),
    });
    def(`DELETE ${base}/:id`, {
      transport: "query",
      neverAccepted: r.canDelete ? undefined : `${r.label}不能删除 (405 by design)`,
      prepare: async () => {
        const id = r.canCreate
          ? (await change<{ id: number }>("POST", base, await resourceBody(r))).id
          : f.rows[r.name]!;
        return {
          path: `${base}/${id}`,
          base: {},
          state: () => read(`${base}/${id}`),
          readBack: async () => {
            const g = await read(`${base}/${id}`);
            return g.status === 404 ? [] : [`deleted ${r.name} ${id} answers ${g.status}`];
          },
          pages: () => pagesOf(id),
        };
      },
    });
    def(`POST ${base}/order`, {
      transport: "json",
      neverAccepted: r.sortable ? undefined : `${r.label}不支持排序 (405 by design)`,
      prepare: async () => {
        const list = await get<{ items: { id: number }[] }>(`${base}?pageSize=200`);
        const ids = list.items.map((x) => x.id).reverse();
        return {
          path: `${base}/order`,
          base: { ids },
          state: () => get(`${base}?pageSize=200`),
          readBack: async (sent) => {
            const exp = normalised(targets[`POST ${base}/order`]!, sent);
            if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
            // Each id's sort value becomes its (last) place in the list sent, from 1; unknown ids change nothing.
            const want = new Map((exp.ids as number[]).map((id, i) => [id, i + 1]));
            const after = await get<{ items: { id: number; sortOrder: number }[] }>(`${base}?pageSize=200`);
            const wrong = after.items.filter((x) => want.has(x.id) && want.get(x.id) !== x.sortOrder);
            return wrong.length ? [`${r.name} sort order not as sent: ${show(wrong)}`] : [];
          },
          pages: () => pagesOf(ids[0]!),
        };
      },
    });
  }

  // Accounts
  def("POST /api/admin/setup", {
    transport: "json",
    anon: true,
    neverAccepted: "the first admin exists (made by this setup endpoint before the fuzz)",
    prepare: async () => ({
      path: "/api/admin/setup",
      base: baseOf("POST /api/admin/setup", {
        username: `fuzz_second_${tag}`,
        displayName: "模糊",
        password: "fuzz-second-password",
      }),
      state: () => get("/api/admin/users").then(steady),
    }),
  });
  def("POST /api/admin/login", {
    transport: "json",
    anon: true,
    prepare: async () => ({
      path: "/api/admin/login",
      base: { ...LOGIN },
      readBack: async (_s, a) =>
        dataOf<{ user?: { username: string } }>(a).user?.username === LOGIN.username
          ? []
          : [`signed in as ${show(a.json?.data)}`],
      pages: () => ["/admin/login"],
    }),
  });
  def("POST /api/admin/logout", {
    transport: "query",
    prepare: async () => {
      const c = new AdminClient(site.url);
      const r = await c.login(OUT.username, OUT.password);
      if (r.status !== 200) throw new Error(`logout's sign-in: ${r.status} ${r.text}`);
      return {
        path: "/api/admin/logout",
        base: {},
        client: c,
        readBack: async () => {
          const s = await request("GET", "/api/admin/session", { client: c });
          return s.status === 401 ? [] : [`signed out session answers ${s.status}`];
        },
        pages: () => ["/admin/login"],
      };
    },
  });
  const userReadBack = (key: string) => async (sent: Json, a: Answer) => {
    const exp = normalised(targets[key]!, sent);
    if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
    const id = dataOf<{ id: number }>(a).id;
    const users = await get<{ items: Record<string, unknown>[] }>("/api/admin/users");
    const row = users.items.find((u) => u.id === id);
    if (!row) return [`user ${id} is not listed`];
    return sameFields(exp, row, ["username", "displayName", "role", "disabled"], "user");
  };
  def("POST /api/admin/users", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/users",
      base: baseOf("POST /api/admin/users", {
        username: `fuzz_${tag}_${next()}`,
        displayName: "模糊用户",
        password: "fuzz-user-password",
        role: "editor",
      }),
      state: () => get("/api/admin/users").then(steady),
      readBack: userReadBack("POST /api/admin/users"),
      pages: () => ["/admin/users"],
    }),
  });
  def("PUT /api/admin/users/:id", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/users/${f.editorId}`,
      base: baseOf("PUT /api/admin/users/:id", {
        displayName: "模糊编辑",
        role: "editor",
        disabled: false,
        password: undefined,
      }),
      state: () => get("/api/admin/users").then(steady),
      readBack: userReadBack("PUT /api/admin/users/:id"),
      pages: () => ["/admin/users"],
    }),
  });

  // Leads, orders and personal data
  def("PUT /api/admin/leads/:id/status", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/leads/${f.leadId}/status`,
      base: { status: "contacted" },
      state: () => get(`/api/admin/leads/${f.leadId}`),
      readBack: async (sent) => {
        const row = await get(`/api/admin/leads/${f.leadId}`);
        return row.status === normalised(targets["PUT /api/admin/leads/:id/status"]!, sent)?.status
          ? []
          : [`lead status ${show(row.status)}`];
      },
      pages: () => ["/admin/leads"],
    }),
  });
  const auditTotal = async () => (await get<{ total: number }>("/api/admin/audit?pageSize=1")).total;
  def("POST /api/admin/leads/export", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/leads/export",
      base: baseOf("POST /api/admin/leads/export", {
        form: "business",
        status: "new",
        q: "模糊",
        from: "2020-01-01",
        to: "2099-12-31",
        page: 1,
        pageSize: 20,
      }),
      state: auditTotal,
    }),
  });
  def("PUT /api/admin/orders/:id/status", {
    transport: "json",
    prepare: async () => ({
      path: `/api/admin/orders/${f.orderId}/status`,
      base: { status: "PAID" },
      state: () => get(`/api/admin/orders/${f.orderId}`),
      readBack: async (sent) => {
        const row = await get(`/api/admin/orders/${f.orderId}`);
        return row.status === normalised(targets["PUT /api/admin/orders/:id/status"]!, sent)?.status
          ? []
          : [`order status ${show(row.status)}`];
      },
      pages: () => [`/pay/result?orderNo=${f.orderNo}`, "/admin/orders"],
    }),
  });
  def("POST /api/admin/orders/:id/reveal-id", {
    transport: "query",
    prepare: async () => ({
      path: `/api/admin/orders/${f.orderId}/reveal-id`,
      base: {},
      state: auditTotal,
      readBack: async (_s, a) =>
        dataOf<{ idCard: string }>(a).idCard === SIGNUP.idCardNumber
          ? []
          : [`revealed ${show(a.json?.data)}`],
    }),
  });
  def("POST /api/admin/orders/export", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/orders/export",
      base: baseOf("POST /api/admin/orders/export", {
        status: "PENDING",
        productId: 278,
        q: "模糊",
        from: "2020-01-01",
        to: "2099-12-31",
        page: 1,
        pageSize: 20,
      }),
      state: auditTotal,
    }),
  });
  def("POST /api/admin/privacy/erasure/preview", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/privacy/erasure/preview",
      base: { mobile: "13800138000" },
      state: auditTotal,
    }),
  });
  def("POST /api/admin/privacy/erasure", {
    transport: "json",
    prepare: async () => {
      const phone = freshPhone();
      const id = await newLead(phone);
      return {
        path: "/api/admin/privacy/erasure",
        base: { mobile: phone },
        state: () => get(`/api/admin/leads/${id}`),
        readBack: async (sent) => {
          const row = await get(`/api/admin/leads/${id}`);
          const exp = normalised(targets["POST /api/admin/privacy/erasure"]!, sent);
          if (exp?.mobile !== phone) return [];
          return row.phone === phone ? [`lead ${id} keeps ${phone} after its erasure`] : [];
        },
        pages: () => ["/admin/privacy"],
      };
    },
  });
  def("POST /api/admin/search-pushes/:id/retry", {
    transport: "query",
    prepare: async () => {
      let failed: { id: number } | undefined;
      await expect
        .poll(async () => {
          failed = (
            await get<{ items: { id: number }[] }>("/api/admin/search-pushes?status=failed&pageSize=1")
          ).items[0];
          return failed !== undefined;
        })
        .toBe(true);
      const id = failed!.id;
      return {
        path: `/api/admin/search-pushes/${id}/retry`,
        base: {},
        state: async () =>
          (await get<{ items: { id: number }[] }>("/api/admin/search-pushes?pageSize=200")).items.find(
            (x) => x.id === id,
          ),
        readBack: async (_s, a) => {
          const row = dataOf<{ id: number; status: string; attempts: number }>(a);
          return row.id === id && row.status === "pending" && row.attempts === 0
            ? []
            : [`retried push answered ${show(row)}`];
        },
        pages: () => ["/admin/search-push"],
      };
    },
  });

  // WeChat sync
  /** A sync's job once it stopped running (done, or failed with its reason). */
  async function settledJob(id: number) {
    let job = { state: "pending", error: "" } as Record<string, unknown>;
    await expect
      .poll(async () => {
        job = await get(`/api/admin/wechat-sync/jobs/${id}`);
        return job.state !== "pending";
      })
      .toBe(true);
    return job;
  }
  def("POST /api/admin/articles/:id/wechat", {
    transport: "json",
    prepare: async () => {
      const id = (await change<{ id: number }>("POST", "/api/admin/articles", articleBody())).id;
      return {
        path: `/api/admin/articles/${id}/wechat`,
        base: baseOf("POST /api/admin/articles/:id/wechat", {
          action: "draft",
          title: "模糊同步",
          author: "小编",
          digest: "摘要",
          cover: f.cover,
          openComment: false,
          fansOnlyComment: false,
        }),
        state: () => get(`/api/admin/wechat-sync/jobs?articleId=${id}`),
        // The sync runs against the fake 公众号: it ends done, or failed with a reason it can name.
        readBack: async (sent, a) => {
          const exp = normalised(targets["POST /api/admin/articles/:id/wechat"]!, sent);
          if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
          const job = await settledJob(dataOf<{ id: number }>(a).id);
          const out = sameFields(exp, job, ["action", "title"], "wechat job");
          if (job.state === "failed" && (!CHINESE.test(String(job.error)) || job.error === SYNC_FAILED))
            out.push(`wechat sync failed without its reason: ${show(job.error)}`);
          return out;
        },
        pages: () => ["/admin/wechat-sync", `/articledetail/${id}`],
      };
    },
  });
  def("POST /api/admin/wechat-sync/jobs/:id/retry", {
    transport: "query",
    prepare: async () => {
      // A sync that fails: its cover is an SVG, which the 公众号 does not take.
      const article = (await change<{ id: number }>("POST", "/api/admin/articles", articleBody())).id;
      const made = await change<{ id: number }>("POST", `/api/admin/articles/${article}/wechat`, {
        action: "draft",
        title: "会失败的同步",
        cover: "/uploads/demo/article-1.svg",
      });
      const job = await settledJob(made.id);
      if (job.state !== "failed") throw new Error(`a sync with an SVG cover ended ${show(job)}`);
      return {
        path: `/api/admin/wechat-sync/jobs/${made.id}/retry`,
        base: {},
        state: () => get(`/api/admin/wechat-sync/jobs/${made.id}`).then(steady),
        readBack: async () => {
          const again = await settledJob(made.id);
          return again.state === "failed" && again.error === job.error
            ? []
            : [`retried sync ended ${show(again)}, not failed again with ${show(job.error)}`];
        },
        pages: () => ["/admin/wechat-sync"],
      };
    },
  });
  def("POST /api/admin/wechat-sync/test", {
    transport: "query",
    prepare: async () => ({ path: "/api/admin/wechat-sync/test", base: {} }),
  });

  // Imports and old addresses
  const wxr = (v: Json) => {
    const o = (v && typeof v === "object" && !Array.isArray(v) ? v : {}) as Record<string, Json>;
    const text = (x: Json | undefined) => (typeof x === "string" ? x : JSON.stringify(x ?? ""));
    const cdata = (x: Json | undefined) => `<![CDATA[${text(x).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
    return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>${cdata(o.site)}</title><link>https://old.example.com</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://old.example.com</wp:base_site_url>
<wp:category><wp:category_nicename>${cdata(o.category)}</wp:category_nicename><wp:cat_name>${cdata(o.category)}</wp:cat_name></wp:category>
<item><title>${cdata(o.title)}</title><link>https://old.example.com/p/${next()}/</link>
<dc:creator><![CDATA[gen]]></dc:creator><content:encoded>${cdata(o.content)}</content:encoded><excerpt:encoded>${cdata(o.excerpt)}</excerpt:encoded>
<wp:post_id>${next()}</wp:post_id><wp:post_date_gmt><![CDATA[2020-01-02 03:04:05]]></wp:post_date_gmt><wp:post_name>${cdata(o.slug)}</wp:post_name>
<wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="category" nicename="fuzz">${cdata(o.category)}</category><category domain="post_tag" nicename="fuzz-tag">${cdata(o.tag)}</category></item>
</channel></rss>\n`;
  };
  const WXR_BASE: Record<string, Json> = {
    site: "旧站",
    category: "模糊分类",
    title: "导入的模糊文章",
    content: "<p>导入的正文</p>",
    excerpt: "导入的摘要",
    slug: "fuzz-post",
    tag: "模糊话题",
  };
  async function importJob(status: string[]): Promise<{ id: number; status: string }> {
    const up = await request("POST", "/api/admin/imports/wordpress?name=fuzz.xml", {
      client: admin,
      body: wxr(WXR_BASE),
      type: "application/xml",
    });
    if (up.status !== 200) throw new Error(`import upload: ${up.status} ${up.text}`);
    const id = (up.json!.data as { id: number }).id;
    let job = { id, status: "analysing" };
    await expect
      .poll(async () => {
        job = await get<{ id: number; status: string }>(`/api/admin/imports/${id}`);
        return status.includes(job.status);
      })
      .toBe(true);
    return job;
  }
  def("POST /api/admin/imports/wordpress", {
    transport: "text",
    prepare: async () => {
      let imported: number[] = [];
      return {
        path: "/api/admin/imports/wordpress",
        query: `name=${wtf8(`导入😀\u202E${next()}.xml`)}`,
        base: WXR_BASE,
        text: wxr,
        state: () => get("/api/admin/imports?pageSize=1").then((x) => (x as { total: number }).total),
        // The upload is read; an export it could read is then imported, and its articles' pages follow.
        readBack: async (_s, a) => {
          const id = dataOf<{ id: number }>(a).id;
          const settled = async (wait: string[]) => {
            let job = {
              status: "",
              error: "",
              report: [] as { articleId: number | null; outcome: string; notes: string[] }[],
            };
            await expect
              .poll(async () => {
                job = await get(`/api/admin/imports/${id}`);
                return !wait.includes(job.status);
              })
              .toBe(true);
            return job;
          };
          let job = await settled(["analysing"]);
          if (job.status === "analysed") {
            await change("POST", `/api/admin/imports/${id}/start`, { columns: { fuzz: "模糊导入栏目" } });
            job = await settled(["analysed", "running"]);
            imported = job.report.map((r) => r.articleId).filter((x): x is number => x !== null);
          }
          const out =
            job.status === "failed" && (!CHINESE.test(job.error) || job.error === IMPORT_FAILED)
              ? [`import ${id} failed without its reason: ${show(job.error)}`]
              : [];
          for (const r of job.report)
            if (r.outcome === "failed" && !r.notes.some((n) => CHINESE.test(n)))
              out.push(`import ${id}: an article failed without its reason: ${show(r)}`);
          stats.get("POST /api/admin/imports/wordpress")!.followed += imported.length;
          return out;
        },
        pages: async () => ["/admin/imports", ...(await Promise.all(imported.map(articlePages))).flat()],
      };
    },
  });
  def("POST /api/admin/imports/:id/start", {
    transport: "json",
    prepare: async () => {
      const job = await importJob(["analysed"]);
      return {
        path: `/api/admin/imports/${job.id}/start`,
        base: { columns: { fuzz: "模糊导入栏目" }, dryRun: false },
        state: () => get(`/api/admin/imports/${job.id}`),
        readBack: async () => {
          let done = { status: "", report: [] as { articleId: number | null }[] };
          await expect
            .poll(async () => {
              done = await get(`/api/admin/imports/${job.id}`);
              return ["done", "failed"].includes(done.status);
            })
            .toBe(true);
          return [];
        },
        pages: async () => {
          const done = await get<{ report: { articleId: number | null }[] }>(`/api/admin/imports/${job.id}`);
          const ids = done.report.map((r) => r.articleId).filter((x): x is number => x !== null);
          return ["/admin/imports", ...(await Promise.all(ids.map(articlePages))).flat()];
        },
      };
    },
  });
  def("POST /api/admin/imports/:id/resume", {
    transport: "query",
    neverAccepted:
      "only an interrupted or failed import can go on; none is interrupted here (tests/api/import.test.ts)",
    prepare: async () => {
      const job = await importJob(["analysed"]);
      return {
        path: `/api/admin/imports/${job.id}/resume`,
        base: {},
        state: () => get(`/api/admin/imports/${job.id}`),
      };
    },
  });
  const wechatImportPages = async (a: Answer) => {
    const id = dataOf<{ id: number }>(a).id;
    let job = { status: "", report: [] as { articleId: number | null }[] };
    await expect
      .poll(async () => {
        job = await get(`/api/admin/imports/${id}`);
        return ["done", "failed"].includes(job.status);
      })
      .toBe(true);
    const ids = job.report.map((r) => r.articleId).filter((x): x is number => x !== null);
    return ["/admin/imports", ...(await Promise.all(ids.map(articlePages))).flat()];
  };
  def("POST /api/admin/imports/wechat", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/imports/wechat",
      base: { urls: [`https://mp.weixin.qq.com${f.wechatArticles[0]!.path}`], columnId: f.columnId },
      state: () => get("/api/admin/imports?pageSize=1").then((x) => (x as { total: number }).total),
      pages: (_s, a) => wechatImportPages(a),
    }),
  });
  def("POST /api/admin/imports/wechat/published", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/imports/wechat/published",
      base: {
        articles: f.wechatArticles.map(({ articleId, idx }) => ({ articleId, idx })),
        columnId: f.columnId,
      },
      state: () => get("/api/admin/imports?pageSize=1").then((x) => (x as { total: number }).total),
      pages: (_s, a) => wechatImportPages(a),
    }),
  });
  def("POST /api/admin/redirects", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/redirects",
      base: { from: `/old-fuzz/${tag}/${next()}`, target: `/newlist/${f.columnId}` },
      state: () => get("/api/admin/redirects?pageSize=1").then((x) => (x as { total: number }).total),
      readBack: async (_s, a) => {
        const row = dataOf<{ id: number; path: string; query: string; target: string }>(a);
        const list = await get<{ items: { id: number }[] }>("/api/admin/redirects?pageSize=100");
        const out = list.items.some((x) => x.id === row.id) ? [] : [`redirect ${row.id} is not listed`];
        // The old address as a visitor's browser sends it: its stored (decoded) path encoded again.
        const path = row.path.split("/").map(encodeURIComponent).join("/");
        const from = await request("GET", `${path}${row.query ? `?${row.query}` : ""}`);
        if (from.status !== 301) out.push(`old address ${show(row.path)} answers ${from.status}, not 301`);
        return out;
      },
    }),
  });
  def("DELETE /api/admin/redirects/:id", {
    transport: "query",
    prepare: async () => {
      const from = `/old-fuzz/${tag}/${next()}`;
      const r = await change<{ id: number }>("POST", "/api/admin/redirects", {
        from,
        articleId: f.articleId,
      });
      return {
        path: `/api/admin/redirects/${r.id}`,
        base: {},
        state: () => get("/api/admin/redirects?pageSize=1").then((x) => (x as { total: number }).total),
        readBack: async () => {
          const gone = await request("GET", from);
          return gone.status === 301 ? [`removed redirect ${from} still answers 301`] : [];
        },
        pages: () => [from],
      };
    },
  });

  // Landing pages: a copy of a seeded page under a path of the run's own
  const landingBody = async (): Promise<Record<string, Json>> => {
    const list = await get<{ items: { id: number }[] }>("/api/admin/landing-pages?pageSize=1");
    const seeded = await get(`/api/admin/landing-pages/${list.items[0]!.id}`);
    const { title, name, description, sections } = seeded as Record<string, Json>;
    return { path: `/fuzz-landing/${tag}/${next()}`, title, name, description, sections } as Record<
      string,
      Json
    >;
  };
  const newLanding = async () =>
    change<{ id: number; path: string; version: number }>(
      "POST",
      "/api/admin/landing-pages",
      await landingBody(),
    );
  const landingReadBack = (key: string) => async (sent: Json, a: Answer) => {
    const exp = normalised(targets[key]!, sent);
    if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
    const id = dataOf<{ id: number }>(a).id;
    const row = await get(`/api/admin/landing-pages/${id}`);
    return sameFields(exp, row, ["title", "name", "description"], "landing page");
  };
  def("POST /api/admin/landing-pages", {
    transport: "json",
    prepare: async () => ({
      path: "/api/admin/landing-pages",
      base: await landingBody(),
      state: () => get("/api/admin/landing-pages?pageSize=1").then((x) => (x as { total: number }).total),
      readBack: landingReadBack("POST /api/admin/landing-pages"),
      pages: (_s, a) => [dataOf<{ path: string }>(a).path],
    }),
  });
  def("PUT /api/admin/landing-pages/:id", {
    transport: "json",
    prepare: async () => {
      const page = await newLanding();
      return {
        path: `/api/admin/landing-pages/${page.id}`,
        base: { ...(await landingBody()), path: page.path, version: page.version },
        state: () => get(`/api/admin/landing-pages/${page.id}`),
        readBack: landingReadBack("PUT /api/admin/landing-pages/:id"),
        pages: (_s, a) => [page.path, dataOf<{ path: string }>(a).path],
      };
    },
  });
  for (const action of ["publish", "takedown"] as const)
    def(`POST /api/admin/landing-pages/:id/${action}`, {
      transport: "query",
      prepare: async () => {
        const page = await newLanding();
        return {
          path: `/api/admin/landing-pages/${page.id}/${action}`,
          base: {},
          state: () => get(`/api/admin/landing-pages/${page.id}`),
          readBack: async () => {
            const shown = await request("GET", page.path);
            const want = action === "publish" ? 200 : 404;
            return shown.status === want ? [] : [`${action}ed page ${page.path} answers ${shown.status}`];
          },
          pages: () => [page.path],
        };
      },
    });
  def("POST /api/admin/landing-pages/:id/schedule", {
    transport: "json",
    prepare: async () => {
      const page = await newLanding();
      return {
        path: `/api/admin/landing-pages/${page.id}/schedule`,
        base: { publishAt: new Date(Date.now() + 86_400_000).toISOString() },
        state: () => get(`/api/admin/landing-pages/${page.id}`),
        readBack: async () => {
          const row = await get<{ status: string }>(`/api/admin/landing-pages/${page.id}`);
          return row.status === "scheduled" ? [] : [`scheduled page ${page.path} is ${row.status}`];
        },
        pages: () => [page.path],
      };
    },
  });

  def("POST /api/admin/landing-pages/:id/revisions/:revision/restore", {
    transport: "json",
    prepare: async () => {
      const page = await newLanding();
      const { path: _p, ...body } = await landingBody();
      const changed = await change<{ version: number }>("PUT", `/api/admin/landing-pages/${page.id}`, {
        ...body,
        path: page.path,
        name: "改过的名称",
        version: page.version,
      });
      const revs = await get<{ id: number }[]>(`/api/admin/landing-pages/${page.id}/revisions`);
      const first = await get<{ page: { name: string } }>(
        `/api/admin/landing-pages/${page.id}/revisions/${revs.at(-1)!.id}`,
      );
      return {
        path: `/api/admin/landing-pages/${page.id}/revisions/${revs.at(-1)!.id}/restore`,
        base: { version: changed.version },
        state: () => get(`/api/admin/landing-pages/${page.id}`),
        readBack: async () => {
          const row = await get<{ name: string }>(`/api/admin/landing-pages/${page.id}`);
          return row.name === first.page.name
            ? []
            : [`restore: name ${show(row.name)}, not ${show(first.page.name)}`];
        },
        pages: () => [page.path],
      };
    },
  });
  def("POST /api/admin/landing-pages/:id/previews", {
    transport: "json",
    prepare: async () => {
      const page = await newLanding();
      return {
        path: `/api/admin/landing-pages/${page.id}/previews`,
        base: baseOf("POST /api/admin/landing-pages/:id/previews", { days: 3 }),
        state: () => get(`/api/admin/landing-pages/${page.id}/previews`),
        readBack: async (_s, a) => {
          const made = dataOf<{ path: string; link: { id: string } }>(a);
          const list = await get<{ id: string }[]>(`/api/admin/landing-pages/${page.id}/previews`);
          if (!list.some((l) => l.id === made.link.id)) return [`preview ${made.link.id} is not listed`];
          const shown = await request("GET", made.path);
          return shown.status === 200 ? [] : [`preview ${made.path} of a page answers ${shown.status}`];
        },
        pages: (_s, a) => [dataOf<{ path: string }>(a).path, page.path],
      };
    },
  });
  def("DELETE /api/admin/landing-pages/:id/previews", {
    transport: "query",
    prepare: async () => {
      const page = await newLanding();
      const made = await change<{ path: string; link: { id: string } }>(
        "POST",
        `/api/admin/landing-pages/${page.id}/previews`,
        { days: 1 },
      );
      return {
        path: `/api/admin/landing-pages/${page.id}/previews`,
        base: { link: made.link.id },
        state: () => get(`/api/admin/landing-pages/${page.id}/previews`),
        readBack: async () => {
          const shown = await request("GET", made.path);
          return shown.status === 200 ? [`revoked preview ${made.path} still answers 200`] : [];
        },
        pages: () => [made.path],
      };
    },
  });

  // Public writes
  const leadsTotal = async () => (await get<{ total: number }>("/api/admin/leads?pageSize=1")).total;
  const leadReadBack = (key: string, fields: Record<string, string>) => async (sent: Json) => {
    const exp = normalised(targets[key]!, sent);
    if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
    if (exp.website) return []; // a bot's submit (the honeypot) is answered as a success and dropped
    const phoneField = Object.keys(fields).find((k) => fields[k] === "phone")!;
    const phone = String(exp[phoneField]);
    const leads = await get<{ items: Record<string, unknown>[] }>(`/api/admin/leads?q=${phone}`);
    const row = leads.items[0];
    if (!row) return [`lead of ${phone} not stored`];
    const out: string[] = [];
    for (const [from, to] of Object.entries(fields))
      if ((exp[from] ?? null) !== row[to])
        out.push(`lead.${to}: sent ${show(exp[from])}, stored ${show(row[to])}`);
    return out;
  };
  def("POST /api/mcn/insertMcnBusiness", {
    transport: "public",
    anon: true,
    prepare: async () => ({
      path: "/api/mcn/insertMcnBusiness",
      base: { contactName: "模糊联系人", contactPhone: freshPhone(), brand: "模糊品牌", role: "运营" },
      state: leadsTotal,
      readBack: leadReadBack("POST /api/mcn/insertMcnBusiness", {
        contactName: "name",
        contactPhone: "phone",
        brand: "brand",
        role: "role",
      }),
      pages: () => ["/wxmcn", "/admin/leads"],
    }),
  });
  def("POST /api/mcn/insertMcnExpert", {
    transport: "public",
    anon: true,
    prepare: async () => ({
      path: "/api/mcn/insertMcnExpert",
      base: {
        name: "模糊达人",
        phone: freshPhone(),
        channelNickname: "模糊昵称",
        channelLink: "https://live.example.com/fuzz",
      },
      state: leadsTotal,
      readBack: leadReadBack("POST /api/mcn/insertMcnExpert", {
        name: "name",
        phone: "phone",
        channelNickname: "channelNickname",
        channelLink: "channelLink",
      }),
      pages: () => ["/wxmcn", "/admin/leads"],
    }),
  });
  const ordersTotal = async () => (await get<{ total: number }>("/api/admin/orders?pageSize=1")).total;
  def("POST /api/onlineApply/payCommit", {
    transport: "public",
    anon: true,
    prepare: async () => ({
      path: "/api/onlineApply/payCommit",
      base: {
        ...SIGNUP,
        signer: "模糊签约人",
        payer: "模糊付款人",
        shopName: "模糊店铺",
        contact: freshPhone(),
      },
      state: ordersTotal,
      readBack: async (sent, a) => {
        const orderNo = dataOf<{ orderNo: string }>(a).orderNo;
        const o = await get<{ items: Record<string, unknown>[] }>(`/api/admin/orders?q=${orderNo}`);
        const row = o.items[0];
        if (!row) return [`order ${orderNo} not stored`];
        const exp = normalised(targets["POST /api/onlineApply/payCommit"]!, sent);
        if (!exp) return [`accepted a body its schema refuses: ${show(sent)}`];
        const out: string[] = [];
        for (const k of ["signer", "payer", "shopName", "contact"] as const)
          if (exp[k] !== undefined && exp[k] !== row[k] && !(k === "signer" && exp.signWay === "COMPANY"))
            out.push(`order.${k}: sent ${show(exp[k])}, stored ${show(row[k])}`);
        return out;
      },
      pages: (_s, a) => [`/pay/result?orderNo=${dataOf<{ orderNo: string }>(a).orderNo}`],
    }),
  });
  def("POST /api/onlineApply/alipayNotify", {
    transport: "public",
    anon: true,
    refusedIn200: (a) => a.text.trim() === "fail",
    neverAccepted: "a notify needs the gateway's signature (tests/api/signup.test.ts)",
    prepare: async () => ({
      path: "/api/onlineApply/alipayNotify",
      base: {
        out_trade_no: f.orderNo,
        trade_status: "TRADE_SUCCESS",
        total_amount: "1.00",
        sign: "x",
        sign_type: "RSA2",
      },
      state: () => get(`/api/admin/orders/${f.orderId}`),
    }),
  });
  def("POST /api/pay/dev/gateway", {
    transport: "public",
    anon: true,
    prepare: async () => {
      const o = await newOrder();
      return {
        path: "/api/pay/dev/gateway",
        base: hiddenFields(o.html),
        state: () => get(`/api/admin/orders/${o.id}`),
        pages: (_s, a) => (a.location ? [a.location] : []),
      };
    },
  });
  def("POST /api/pay/dev/confirm", {
    transport: "public",
    anon: true,
    prepare: async () => {
      const o = await newOrder();
      const gw = await request("POST", "/api/pay/dev/gateway", {
        body: new URLSearchParams(hiddenFields(o.html)).toString(),
        type: "application/x-www-form-urlencoded",
      });
      const cashier = new URL(gw.location ?? "/", site.url);
      return {
        path: "/api/pay/dev/confirm",
        base: { orderNo: o.orderNo, token: cashier.searchParams.get("token") ?? "" },
        state: () => get(`/api/admin/orders/${o.id}`),
        readBack: async () => {
          const row = await get(`/api/admin/orders/${o.id}`);
          return row.status === "PAID" ? [] : [`confirmed order ${o.orderNo} is ${show(row.status)}`];
        },
        pages: () => [`/pay/result?orderNo=${o.orderNo}`],
      };
    },
  });
  def("POST /api/upload", {
    transport: "picture",
    anon: true,
    prepare: async () => ({
      path: "/api/upload",
      base: { name: "身份证.png" },
      state: async () => filesUnder("private"),
      readBack: async (_s, a) => {
        const p = dataOf<{ result: string }>(a).result;
        return /^\/uploads\/mcn\/[0-9a-f]{32}\.(jpg|png|webp)$/.test(p) ? [] : [`upload answered ${show(p)}`];
      },
    }),
  });
  def("POST /api/wechat/callback", {
    transport: "text",
    anon: true,
    prepare: async () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = `n${next()}`;
      const signature = wechatPushSignature(CALLBACK_TOKEN, timestamp, nonce);
      return {
        path: "/api/wechat/callback",
        state: () => get("/api/admin/wechat-sync/jobs?pageSize=100"),
        query: `signature=${signature}&timestamp=${timestamp}&nonce=${nonce}&openid=fuzz`,
        base: {
          event: "PUBLISHJOBFINISH",
          publishId: "123",
          status: "0",
          url: "https://mp.weixin.qq.com/s/fuzz",
        },
        text: (v) => {
          const o = (v && typeof v === "object" && !Array.isArray(v) ? v : {}) as Record<string, Json>;
          const t = (x: Json | undefined) => (typeof x === "string" ? x : JSON.stringify(x ?? ""));
          return `<xml><ToUserName><![CDATA[gh_fuzz]]></ToUserName><FromUserName><![CDATA[fuzz]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${t(o.event)}]]></Event><PublishEventInfo><publish_id>${t(o.publishId)}</publish_id><publish_status>${t(o.status)}</publish_status><article_detail><count>1</count><item><idx>1</idx><article_url><![CDATA[${t(o.url)}]]></article_url></item></article_detail></PublishEventInfo></xml>`;
        },
      };
    },
  });

  // ------------------------------------------------------------------ the run

  const count = (key: string) => {
    const s = stats.get(key) ?? { sent: 0, accepted: 0, refused: 0, followed: 0 };
    stats.set(key, s);
    return s;
  };

  /** The writes of the OpenAPI document, as "METHOD /path" of their declarations. */
  const writes = Object.entries(openApiDocument().paths).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m): m is Method => m === "post" || m === "put" || m === "delete")
      .map((m) => {
        const e = endpoints.find(
          (x) => x.method === m && [x.path, ...(x.aliases ?? [])].some((a) => openApiPath(a) === p),
        )!;
        return `${m.toUpperCase()} ${e.path}`;
      }),
  );

  it("has a fuzz target for every write of the served OpenAPI document, and nothing else", async () => {
    const served = (await (
      await fetch(`${site.url}/api/openapi.json`)
    ).json()) as typeof openApiDocument extends () => infer D ? D : never;
    const servedWrites = Object.entries(served.paths).flatMap(([p, ops]) =>
      Object.keys(ops as object)
        .filter((m) => m === "post" || m === "put" || m === "delete")
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    const ours = writes.map((w) => {
      const [m, p] = w.split(" ");
      return `${m} ${openApiPath(p!)}`;
    });
    expect([...new Set(servedWrites)].sort()).toEqual([...new Set(ours)].sort());
    expect(Object.keys(targets).sort()).toEqual([...new Set(writes)].sort());
  });

  for (const key of [...new Set(writes)]) {
    it(`${key}: no exit, no 5xx, nothing half-written, pages still answer`, async () => {
      const t = targets[key];
      if (!t) throw new Error(`no fuzz target for ${key}`);
      const problems: string[] = [];
      const s = count(key);
      const [method] = key.split(" ") as [string];

      const one = async (sp: Spoilt) => {
        const prep = await t.prepare();
        const body = applySpoilt(prep.base, sp);
        const client = t.anon ? null : (prep.client ?? admin);
        const before = prep.state ? steady(await prep.state()) : undefined;
        const where = `${key} [${body.what.join("; ") || "valid body"}]`;
        const { answer: a, seen } = await send(t, prep, method, body, client, sp);
        s.sent++;
        problems.push(...judge(a, where));
        problems.push(...(await alive(where)));
        if (problems.length) return false;
        const accepted = a.status < 400 && !t.refusedIn200?.(a);
        if (accepted) {
          s.accepted++;
          if (t.neverAccepted) problems.push(`accepted although ${t.neverAccepted}: ${where}`);
          for (const p of (await prep.readBack?.(seen, a)) ?? []) problems.push(`${where}: ${p}`);
          problems.push(...(await alive(`${where}, read back`)));
          for (const page of (await prep.pages?.(seen, a)) ?? []) {
            const r = await request("GET", page, { client: page.startsWith("/admin") ? admin : null });
            problems.push(...judge(r, `${where} then GET ${page}`));
            // A page of something unpublished or gone is a 404; anything else must answer.
            if (r.status >= 400 && r.status !== 404) problems.push(`${where} then GET ${page} → ${r.status}`);
            // RSS and sitemaps stay XML: no character XML 1.0 forbids.
            if (r.type.includes("xml") && XML_FORBIDDEN.test(r.text))
              problems.push(
                `${where} then GET ${page}: a character XML forbids: ${show(XML_FORBIDDEN.exec(r.text)?.[0])}`,
              );
            problems.push(...(await alive(`${where} then GET ${page}`)));
          }
        } else {
          s.refused++;
          if (prep.state) {
            const after = steady(await prep.state());
            if (!deepEqual(before, after))
              problems.push(
                `refused (${a.status}) but changed: ${where}: ${show(before, 400)} → ${show(after, 400)}`,
              );
          }
        }
        return problems.length === 0;
      };

      await fc.assert(fc.asyncProperty(spoilt(), one), {
        numRuns: PER_WRITE + 1,
        // one seed per write, from the run's: each write gets its own sequence of spoilt bodies
        seed: seedOf(key),
        endOnFailure: true,
        examples: [[{ mutations: [], root: { kind: "none" } }]],
        reporter: (out) => {
          if (out.failed)
            throw new Error(
              `${problems.join("\n")}\n(replay: FUZZ_SEED=${SEED} FUZZ_WRITES=${PER_WRITE}; fast-check seed ${out.seed}, path ${out.counterexamplePath}; ${engine})${"errorInstance" in out && out.errorInstance ? `\n${String(out.errorInstance)}` : ""}`,
            );
        },
      });
      expect(problems).toEqual([]);
      if (!t.neverAccepted && !t.refusedIn200)
        expect(s.accepted, `${key}: no body was accepted`).toBeGreaterThan(0);
    });
  }

  it("the run in numbers (printed)", () => {
    const rows = [...stats.entries()].map(
      ([k, v]) =>
        `${k}: ${v.sent} sent, ${v.accepted} accepted, ${v.refused} refused${v.followed ? `, ${v.followed} articles imported and followed` : ""}`,
    );
    const never = Object.entries(targets)
      .filter(([, t]) => t.neverAccepted)
      .map(([k, t]) => `${k}: never accepted here: ${t.neverAccepted}`);
    console.info(
      `fuzz-writes on ${engine} (seed ${SEED}, ${PER_WRITE} spoilt bodies per write):\n${[...rows, ...never].join("\n")}`,
    );
    expect(stats.size).toBeGreaterThan(0);
  });

  // ------------------------------------------------------------------ sending one write

  /**
   * Sends one write as its transport carries it; answers the answer and the input as the server
   * reads it (parsed JSON; the strings of a form or query; null for pictures and text bodies).
   */
  async function send(
    t: Target,
    prep: Prepared,
    method: string,
    body: ReturnType<typeof applySpoilt>,
    client: AdminClient | null,
    sp: Spoilt,
  ): Promise<{ answer: Answer; seen: Json }> {
    const headers = { "x-forwarded-for": freshIp() };
    const parsed = () => JSON.parse(body.json) as Json;
    const strings = (): Json => decodedForm(body.value);
    switch (t.transport) {
      case "json": {
        const answer = await request(method, prep.path, {
          client,
          body: body.json,
          type: "application/json",
          headers,
        });
        return { answer, seen: parsed() };
      }
      case "query": {
        const answer = await request(method, `${prep.path}?${queryOf(body.value)}`, {
          client,
          body: sp.mutations.length ? body.json : undefined,
          type: sp.mutations.length ? "application/json" : undefined,
          headers,
        });
        return { answer, seen: strings() };
      }
      case "public": {
        const way = sp.mutations.length % 3;
        if (way === 0 || typeof body.value !== "object" || body.value === null || Array.isArray(body.value)) {
          const answer = await request(method, prep.path, {
            client,
            body: body.json,
            type: "application/json",
            headers,
          });
          return { answer, seen: parsed() };
        }
        const answer =
          way === 1
            ? await request(method, prep.path, {
                client,
                body: queryOf(body.value),
                type: "application/x-www-form-urlencoded",
                headers,
              })
            : await request(method, `${prep.path}?${queryOf(body.value)}`, { client, headers });
        return { answer, seen: strings() };
      }
      case "picture": {
        const v = (
          body.value && typeof body.value === "object" && !Array.isArray(body.value) ? body.value : {}
        ) as Record<string, Json>;
        const fd = new FormData();
        const name = typeof v.name === "string" ? v.name : JSON.stringify(v.name ?? "x");
        fd.append("file", new Blob([new Uint8Array(await picture())], { type: "image/png" }), name);
        for (const [k, x] of Object.entries(v))
          if (k !== "name" && k !== "kind") fd.append(k, typeof x === "string" ? x : JSON.stringify(x));
        const kind =
          v.kind === undefined
            ? ""
            : `?kind=${wtf8(typeof v.kind === "string" ? v.kind : JSON.stringify(v.kind))}`;
        return {
          answer: await request(method, `${prep.path}${kind}`, { client, body: fd, headers }),
          seen: null,
        };
      }
      case "text": {
        const answer = await request(method, `${prep.path}?${prep.query ?? ""}`, {
          client,
          body: prep.text!(body.value),
          type: "text/xml",
          headers,
        });
        return { answer, seen: null };
      }
    }
  }

  let pictureBytes: Buffer | undefined;
  const picture = async () => (pictureBytes ??= await testPicture(64, 48));
});
