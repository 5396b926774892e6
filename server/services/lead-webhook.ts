import type { Logger } from "../logger";

/** What an operator needs to call a new lead back; never the ID picture. */
export interface LeadNotice {
  id: number;
  form: "business" | "expert";
  name: string;
  phone: string;
  brand?: string | null;
  role?: string | null;
  channelNickname?: string | null;
  channelLink?: string | null;
  hasIdCopyPic: boolean;
  sourcePage?: string | null;
  createdAt: string;
}

export interface LeadWebhookOptions {
  url?: string;
  logger: Logger;
  fetch?: typeof fetch;
  /** waits before the 2nd, 3rd… attempt; its length is the number of retries */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

/** 138****5678; landlines keep their area code and last 4 digits. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return `${phone.slice(0, 2)}***`;
  return `${phone.slice(0, 3)}${"*".repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Visitor text must not become markdown (links, headings) in the operators' chat. */
const FULL_WIDTH: Record<string, string> = {
  "[": "［",
  "]": "］",
  "(": "（",
  ")": "）",
  "<": "＜",
  ">": "＞",
  "*": "＊",
  _: "＿",
  "#": "＃",
  "`": "｀",
  "!": "！",
  "|": "｜",
  "~": "～",
  "\\": "＼",
};
const plain = (s: string) => s.replace(/[[\]()<>*_#`!|~\\]/g, (c) => FULL_WIDTH[c]!).replace(/\s+/g, " ");
const safeLink = (s: string) => {
  try {
    return new URL(s).href.replace(/[()[\]*_`<>|~\\ ]/g, (c) => encodeURIComponent(c));
  } catch {
    return plain(s);
  }
};

const beijingTime = (iso: string) =>
  new Date(iso).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false });

export function leadMarkdown(lead: LeadNotice): { title: string; content: string } {
  const title = lead.form === "business" ? "新的 MCN 线索：商家合作" : "新的 MCN 线索：达人合作";
  const text = (v: string | null | undefined) => (v ? plain(v) : undefined);
  const lines: [string, string | undefined][] =
    lead.form === "business"
      ? [
          ["联系人", text(lead.name)],
          ["电话", maskPhone(lead.phone)],
          ["品牌名", text(lead.brand)],
          ["角色", text(lead.role)],
        ]
      : [
          ["姓名", text(lead.name)],
          ["电话", maskPhone(lead.phone)],
          ["主阵地昵称", text(lead.channelNickname)],
          ["主阵地链接", lead.channelLink ? safeLink(lead.channelLink) : undefined],
          ["身份证复印件", lead.hasIdCopyPic ? "已上传" : "未上传"],
        ];
  lines.push(
    ["来源页面", text(lead.sourcePage)],
    ["提交时间", beijingTime(lead.createdAt)],
    ["线索编号", String(lead.id)],
  );
  const body = lines
    .filter(([, v]) => v)
    .map(([k, v]) => `> ${k}：${v}`)
    .join("\n");
  return { title, content: `### ${title}\n${body}\n\n完整电话请按线索编号在后台线索列表中查看。` };
}

/**
 * The robot message: WeCom's `{msgtype:"markdown", markdown:{content}}`; DingTalk robots
 * (oapi.dingtalk.com) read `markdown.title` and `markdown.text` instead.
 */
export function robotMessage(url: string, lead: LeadNotice) {
  const { title, content } = leadMarkdown(lead);
  if (/(^|\.)dingtalk\.com$/.test(new URL(url).hostname)) {
    return { msgtype: "markdown", markdown: { title, text: content } };
  }
  return { msgtype: "markdown", markdown: { content } };
}

/**
 * Posts each new lead to the operators' group robot (LEAD_WEBHOOK_URL). Fire and forget: the
 * visitor's submit never waits for it or fails because of it. A failed post (network error, non-2xx,
 * or a robot answering errcode ≠ 0) is retried with growing delays, then given up and logged; the
 * lead itself is safe in the database either way.
 */
export function createLeadWebhook(opts: LeadWebhookOptions) {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const inFlight = new Set<Promise<void>>();
  const log = opts.logger;

  async function attempt(url: string, body: string): Promise<string | null> {
    try {
      const res = await doFetch(url, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text().catch(() => "");
      if (!res.ok) return `HTTP ${res.status}`;
      try {
        const j = JSON.parse(text) as { errcode?: number; errmsg?: string };
        if (typeof j.errcode === "number" && j.errcode !== 0) return `errcode ${j.errcode}`;
      } catch {}
      return null;
    } catch (err) {
      return (err as Error).name === "TimeoutError" ? "timeout" : (err as Error).message;
    }
  }

  async function deliver(url: string, lead: LeadNotice): Promise<void> {
    const body = JSON.stringify(robotMessage(url, lead));
    for (let i = 0; ; i++) {
      const error = await attempt(url, body);
      if (!error) {
        log.info({ leadId: lead.id, attempts: i + 1 }, "lead webhook delivered");
        return;
      }
      if (i >= delays.length) {
        log.error({ leadId: lead.id, attempts: i + 1, error }, "lead webhook failed, giving up");
        return;
      }
      log.warn({ leadId: lead.id, attempt: i + 1, error }, "lead webhook failed, retrying");
      await new Promise<void>((r) => setTimeout(r, delays[i]).unref());
    }
  }

  return {
    get enabled() {
      return Boolean(opts.url);
    },
    /** Starts the delivery and returns at once. */
    notify(lead: LeadNotice): void {
      if (!opts.url) return;
      const p = deliver(opts.url, lead).finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    /** Resolves when every delivery started so far has succeeded or given up (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

export type LeadWebhook = ReturnType<typeof createLeadWebhook>;
