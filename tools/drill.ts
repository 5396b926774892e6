import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AdminArticle } from "../contract/admin";
import { AdminClient, testPicture } from "./admin-client";

/** A valid mainland ID number (GB 11643 check character) numbered `n`. */
export function idNumber(n: number): string {
  const first17 = `11010519800101${String(n % 1000).padStart(3, "0")}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * w[i]!;
  return first17 + "10X98765432"[sum % 11]!;
}

let ipSeq = 0;
const freshIp = () => `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${++ipSeq & 255}`;

export interface Acked {
  at: number;
}
export interface OrderAck extends Acked {
  orderNo: string;
  idNumber: string;
  contact: string;
}
export interface LeadAck extends Acked {
  phone: string;
  pic: string;
}
export interface EditAck extends Acked {
  articleId: number;
  version: number;
  title: string;
}

/** Sign-ups, MCN leads with uploaded ID copies and article edits, as visitors and editors send them. */
export class SiteLoad {
  orders: OrderAck[] = [];
  leads: LeadAck[] = [];
  edits: EditAck[] = [];
  errors: string[] = [];
  private seq = 0;
  private stopped = false;
  private running: Promise<void>[] = [];

  constructor(
    readonly url: string,
    readonly admin: AdminClient,
    readonly articleIds: number[],
  ) {}

  static async create(url: string): Promise<SiteLoad> {
    const admin = new AdminClient(url);
    const setup = await admin.req("POST", "/api/admin/setup", {
      username: "drill",
      displayName: "演练",
      password: "drill-password-2024",
    });
    if (setup.status !== 200) throw new Error(`setup failed: ${setup.text}`);
    admin.adopt(setup);
    const list = await admin.req<{ items: { id: number }[] }>("GET", "/api/admin/articles?page=1&pageSize=5");
    return new SiteLoad(
      url,
      admin,
      list.body.data.items.map((a) => a.id),
    );
  }

  async signup(): Promise<void> {
    const n = ++this.seq;
    const id = idNumber(n);
    const contact = `137${String(10_000_000 + n).slice(-8)}`;
    const res = await fetch(`${this.url}/api/onlineApply/payCommit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: JSON.stringify({
        productId: 278,
        menberProfession: "ANCHOR",
        signWay: "INDIVIDUAL",
        companyName: "",
        signer: "张三",
        idCardNumber: id,
        contact,
        payer: "张三",
        orderNum: "1",
        totalPrice: 0.01,
        questionList: [
          { questionId: 112, answer: "1万至10万" },
          { questionId: 113, answer: "抖音" },
          { questionId: 1, answer: "主播" },
          { questionId: 23, answer: "理事" },
        ],
      }),
    });
    const body = (await res.json()) as { data: { orderNo: string } | null; message: string };
    if (res.status !== 200 || !body.data) {
      this.errors.push(`signup ${res.status} ${body.message}`);
      return;
    }
    this.orders.push({ orderNo: body.data.orderNo, idNumber: id, contact, at: Date.now() });
  }

  async lead(): Promise<void> {
    const n = ++this.seq;
    const ip = freshIp();
    const fd = new FormData();
    const png = await testPicture(64 + (n % 50), 48);
    fd.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "id.png");
    const up = await fetch(`${this.url}/api/upload`, {
      method: "POST",
      body: fd,
      headers: { "x-forwarded-for": ip },
    });
    const upBody = (await up.json()) as { data: { result: string } | null; message: string };
    if (up.status !== 200 || !upBody.data) {
      this.errors.push(`upload ${up.status} ${upBody.message}`);
      return;
    }
    const phone = `136${String(10_000_000 + n).slice(-8)}`;
    const res = await fetch(`${this.url}/api/mcn/insertMcnExpert`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({
        name: "李四",
        phone,
        channelNickname: "演练频道",
        channelLink: "https://www.xiaohongshu.com/user/profile/drill",
        idCopyPic: upBody.data.result,
      }),
    });
    if (res.status !== 200) {
      this.errors.push(`lead ${res.status} ${await res.text()}`);
      return;
    }
    this.leads.push({ phone, pic: upBody.data.result, at: Date.now() });
  }

  async edit(): Promise<void> {
    const articleId = this.articleIds[this.seq % this.articleIds.length]!;
    const version = ++this.seq;
    const get = await this.admin.req<AdminArticle>("GET", `/api/admin/articles/${articleId}`);
    const a = get.body.data;
    const title = `演练文章${articleId}第${version}版`;
    const put = await this.admin.req<AdminArticle>("PUT", `/api/admin/articles/${articleId}`, {
      title,
      intro: a.intro,
      content: a.content,
      thumb: a.thumb,
      author: a.author,
      columnId: a.columnId,
      tags: a.tags.map((t) => t.tagName),
      status: a.status,
      createdAt: a.createdAt,
    });
    if (put.status !== 200) {
      this.errors.push(`edit ${put.status} ${put.text.slice(0, 200)}`);
      return;
    }
    this.edits.push({ articleId, version, title, at: Date.now() });
  }

  /** `workers` loops of sign-up, lead and edit until stop(). */
  start(workers = 3) {
    for (let w = 0; w < workers; w++) {
      this.running.push(
        (async () => {
          while (!this.stopped) {
            try {
              await this.signup();
              await this.lead();
              await this.edit();
            } catch (err) {
              // the server was killed mid-request: not an acknowledged write
              this.errors.push(String(err));
              if (this.stopped) return;
            }
          }
        })(),
      );
    }
  }

  async until(pred: () => boolean, timeoutMs = 60_000) {
    const end = Date.now() + timeoutMs;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`load did not progress: ${this.errors.slice(-3).join("; ")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.running);
  }
}

/** Writes `count` incompressible files of `bytes` each: makes a backup take long enough to kill it. */
export function bulkUploads(dir: string, count: number, bytes: number) {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++)
    fs.writeFileSync(path.join(dir, `bulk-${i}.bin`), crypto.randomBytes(bytes));
}

/** Where an ID copy named by the lead's stored path lives in DATA_DIR. */
export function idCopyFile(dataDir: string, ref: string): string {
  const name = path.basename(ref);
  const priv = path.join(dataDir, "private", "mcn", name);
  return fs.existsSync(priv) ? priv : path.join(dataDir, "uploads", "mcn", name);
}
