import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { Logger } from "../../server/logger";
import {
  createLeadWebhook,
  type LeadNotice,
  maskPhone,
  robotMessage,
} from "../../server/services/lead-webhook";
import { startTestServer, type TestServer } from "../helpers/server";

type Reply = "ok" | "http500" | "errcode" | "hold";

/** A group robot on loopback: records every message and answers as told, one reply per request. */
function fakeRobot() {
  const received: { msgtype: string; markdown: Record<string, string> }[] = [];
  let replies: Reply[] = [];
  const held: (() => void)[] = [];
  let onRequest: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString("utf8");
    });
    req.on("end", () => {
      received.push(JSON.parse(raw));
      const reply = replies.shift() ?? "ok";
      res.setHeader("content-type", "application/json");
      const answer = () => res.end(JSON.stringify({ errcode: 0, errmsg: "ok" }));
      if (reply === "http500") {
        res.statusCode = 500;
        res.end("{}");
      } else if (reply === "errcode")
        res.end(JSON.stringify({ errcode: 45009, errmsg: "api freq out of limit" }));
      else if (reply === "hold") held.push(answer);
      else answer();
      onRequest?.();
    });
  });
  return {
    received,
    url: "",
    reply(...r: Reply[]) {
      replies = r;
    },
    release() {
      for (const h of held.splice(0)) h();
    },
    nextRequest: () => new Promise<void>((resolve) => (onRequest = resolve)),
    async start() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cgi-bin/webhook/send?key=test`;
      return this.url;
    },
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function captureLogger() {
  const lines: { level: number; msg: string; error?: string; attempts?: number }[] = [];
  const logger = pino(
    { level: "info" },
    { write: (s: string) => lines.push(JSON.parse(s)) },
  ) as unknown as Logger;
  return { logger, lines };
}

const notice: LeadNotice = {
  id: 7,
  form: "expert",
  name: "李四",
  phone: "13912345678",
  channelNickname: "李四的生活志",
  channelLink: "https://www.douyin.com/user/abc",
  hasIdCopyPic: true,
  sourcePage: "/wxmcn",
  createdAt: "2025-03-01T02:03:04.000Z",
};

describe("lead webhook message", () => {
  it("masks the phone and leaves the ID picture out", () => {
    expect(maskPhone("13912345678")).toBe("139****5678");
    expect(maskPhone("057188886666")).toBe("057*****6666");
    const m = robotMessage("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k", notice);
    expect(Object.keys(m)).toEqual(["msgtype", "markdown"]);
    expect(m.msgtype).toBe("markdown");
    const content = (m.markdown as { content: string }).content;
    expect(content).toContain("达人合作");
    expect(content).toContain("139****5678");
    expect(content).not.toContain("13912345678");
    expect(content).toContain("李四的生活志");
    expect(content).toContain("https://www.douyin.com/user/abc");
    expect(content).toContain("身份证复印件：已上传");
    expect(content).not.toContain("/uploads/");
    expect(content).toContain("2025/3/1 10:03:04"); // Beijing time
  });

  it("uses DingTalk's title/text for DingTalk robots", () => {
    const m = robotMessage("https://oapi.dingtalk.com/robot/send?access_token=t", notice);
    expect(m.markdown).toEqual({
      title: "新的 MCN 线索：达人合作",
      text: expect.stringContaining("139****5678"),
    });
  });

  it("does not let visitor text become links or headings", () => {
    const m = robotMessage("https://example.com/hook", {
      ...notice,
      form: "business",
      name: "[点我领奖](http://evil.example)\n# 标题",
      brand: "<b>*粗*</b>",
      role: "运营",
    });
    const content = (m.markdown as { content: string }).content;
    expect(content).not.toContain("](");
    expect(content).not.toContain("<b>");
    expect(content.split("\n").filter((l) => l.startsWith("#"))).toHaveLength(1);
  });

  it("is configured by LEAD_WEBHOOK_URL (http or https only)", () => {
    expect(loadConfig({ LEAD_WEBHOOK_URL: "https://qyapi.weixin.qq.com/x" }).LEAD_WEBHOOK_URL).toBe(
      "https://qyapi.weixin.qq.com/x",
    );
    expect(loadConfig({}).LEAD_WEBHOOK_URL).toBeUndefined();
    expect(() => loadConfig({ LEAD_WEBHOOK_URL: "ftp://x" })).toThrow(/LEAD_WEBHOOK_URL/);
  });
});

describe("lead webhook delivery against a fake robot on loopback", () => {
  const robot = fakeRobot();
  beforeAll(async () => {
    await robot.start();
  });
  afterAll(async () => {
    await robot.stop();
  });
  beforeEach(() => {
    robot.received.length = 0;
    robot.reply();
  });

  it("retries a failed post (HTTP 500, then errcode ≠ 0) until it is delivered", async () => {
    const { logger, lines } = captureLogger();
    const hook = createLeadWebhook({ url: robot.url, logger, retryDelaysMs: [1, 1, 1] });
    robot.reply("http500", "errcode", "ok");
    hook.notify(notice);
    await hook.idle();
    expect(robot.received).toHaveLength(3);
    expect(new Set(robot.received.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(lines.filter((l) => l.msg === "lead webhook failed, retrying").map((l) => l.error)).toEqual([
      "HTTP 500",
      "errcode 45009",
    ]);
    expect(lines.find((l) => l.msg === "lead webhook delivered")?.attempts).toBe(3);
    expect(JSON.stringify(lines)).not.toContain("13912345678");
  });

  it("gives up after its bounded retries and logs it", async () => {
    const { logger, lines } = captureLogger();
    const hook = createLeadWebhook({ url: robot.url, logger, retryDelaysMs: [1, 1] });
    robot.reply("http500", "http500", "http500", "http500");
    hook.notify(notice);
    await hook.idle();
    expect(robot.received).toHaveLength(3);
    expect(lines.at(-1)).toMatchObject({ msg: "lead webhook failed, giving up", attempts: 3, level: 50 });
  });

  it("survives a robot that cannot be reached", async () => {
    const { logger, lines } = captureLogger();
    const hook = createLeadWebhook({ url: "http://127.0.0.1:9/hook", logger, retryDelaysMs: [1] });
    hook.notify(notice);
    await hook.idle();
    expect(lines.map((l) => l.msg)).toEqual([
      "lead webhook failed, retrying",
      "lead webhook failed, giving up",
    ]);
  });

  describe("through the API", () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer("sqlite", { env: { LEAD_WEBHOOK_URL: robot.url } });
    });
    afterAll(async () => {
      await s?.close();
    });
    const submit = (path: string, q: Record<string, string>) =>
      fetch(`${s.url}${path}?${new URLSearchParams(q)}`, { method: "POST" }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { message: string },
      }));

    it("posts one message per new lead, none for repeats or bots", async () => {
      const q = { contactName: "张三", contactPhone: "13800001111", brand: "好物铺子", role: "店长" };
      expect((await submit("/api/mcn/insertMcnBusiness", q)).body.message).toBe("提交成功");
      await submit("/api/mcn/insertMcnBusiness", q);
      await submit("/api/mcn/insertMcnBusiness", { ...q, contactPhone: "13800002222", website: "bot" });
      await s.services.mcn.webhook.idle();
      expect(robot.received).toHaveLength(1);
      const content = robot.received[0]!.markdown.content!;
      expect(content).toContain("商家合作");
      expect(content).toContain("138****1111");
      expect(content).not.toContain("13800001111");
      expect(content).toContain("好物铺子");
    });

    it("answers the visitor before the robot answers", async () => {
      robot.reply("hold");
      const requested = robot.nextRequest();
      const r = await submit("/api/mcn/insertMcnExpert", { name: "李四", phone: "13800003333" });
      expect(r).toEqual({ status: 200, body: expect.objectContaining({ message: "提交成功" }) });
      await requested;
      // The robot has the message and has not answered yet; the visitor already has 提交成功.
      expect(robot.received).toHaveLength(1);
      robot.release();
      await s.services.mcn.webhook.idle();
    });

    it("still stores the lead and answers success when the robot fails", async () => {
      robot.reply("http500", "http500", "http500", "http500");
      const r = await submit("/api/mcn/insertMcnExpert", { name: "王五", phone: "13800004444" });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe("提交成功");
      expect((await s.services.mcn.list()).some((l) => l.phone === "13800004444")).toBe(true);
    });
  });
});
