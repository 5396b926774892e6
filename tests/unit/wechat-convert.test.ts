import crypto from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { wechatChecks } from "../../contract/wechat";
import { contentLength, replacePictures, toWechatHtml } from "../../server/wechat/convert";
import { beijingTime, nextBeijingMidnight, refusedIp, wechatMessage } from "../../server/wechat/errors";
import { bodyPicture, coverThumb, PictureError } from "../../server/wechat/pictures";
import { parsePush, pushSignature, verifyPush } from "../../server/wechat/push";

describe("an article's HTML for the 公众号", () => {
  const body =
    `<h2>小标题</h2><p>正文 <a href="https://example.com/a" target="_blank">外链</a>，再提一次<a href="https://example.com/a">它</a>，` +
    `<a href="https://mp.weixin.qq.com/s/abc" target="_blank" rel="noopener noreferrer">公众号文章</a>，<a href="/articledetail/3">本站</a>，` +
    `<a href="mailto:a@b.c">来信</a>，<a href="https://example.com/b">https://example.com/b</a></p><p></p>` +
    `<figure><img src="/uploads/body/a.jpg" loading="lazy" width="10" height="5"><figcaption>图注</figcaption></figure>` +
    `<p><img src="https://pic.example.com/x.webp"><img src="/uploads/body/a.jpg"></p>` +
    `<script>alert(1)</script><p style="color:red" class="x" id="y" onclick="z()">x &amp; <strong>y</strong></p>` +
    `<table><tr><th>a</th><td>b</td></tr></table>`;
  const out = toWechatHtml(body, { origin: "https://news.example.com" });

  it("inlines every style from the theme: no class, id, <style> or script remains", () => {
    expect(out.html).not.toMatch(/class=|id=|<style|<script|alert|onclick|loading=|width="|color:red/);
    expect(out.html).toMatch(
      /^<section style="font-family: [^"]+; font-size: 16px; line-height: 1.75; color: #1f2329/,
    );
    expect(out.html).toMatch(
      /<h2 style="[^"]*border-left: 3px solid #e8380d[^"]*font-size: 20px; font-weight: 600/,
    );
    expect(out.html).toMatch(
      /<p style="margin: 0 0 16px;">x &amp; <strong style="font-weight: 600;">y<\/strong><\/p>/,
    );
    expect(out.html).toMatch(/<td style="padding: 6px 10px; border: 1px solid #e5e6eb;">b<\/td>/);
    expect(out.html).toMatch(/<img src="\/uploads\/body\/a.jpg" style="[^"]*border-radius: 8px;">/);
    expect(out.html).toMatch(/<p style="[^"]*text-align: center;">图注<\/p>/);
    expect(out.html).not.toContain('<p style="margin: 0 0 16px;"></p>');
  });

  it("keeps links to mp.weixin.qq.com and turns the others into numbered notes", () => {
    expect(out.html).toContain('<a href="https://mp.weixin.qq.com/s/abc" style=');
    expect(out.html).not.toMatch(/href="(?!https:\/\/mp\.weixin\.qq\.com)/);
    expect(out.notes).toEqual([
      { text: "外链", url: "https://example.com/a" },
      { text: "本站", url: "https://news.example.com/articledetail/3" },
      { text: "", url: "https://example.com/b" },
    ]);
    expect(out.html).toMatch(
      /外链<sup style="[^"]+">\[1\]<\/sup>，再提一次它<sup style="[^"]+">\[1\]<\/sup>/,
    );
    expect(out.html).toContain("来信，");
    expect(out.html).toMatch(/>参考链接<\/p><p style="[^"]+">\[1\] 外链：https:\/\/example.com\/a<\/p>/);
    expect(out.html).toContain("[3] https://example.com/b</p>");
  });

  it("lists each picture once, in order, and puts WeChat's addresses in", () => {
    expect(out.pictures).toEqual(["/uploads/body/a.jpg", "https://pic.example.com/x.webp"]);
    const sent = replacePictures(out.html, {
      "/uploads/body/a.jpg": "https://mmbiz.qpic.cn/a/0",
      "https://pic.example.com/x.webp": "https://mmbiz.qpic.cn/b/0",
    });
    expect([...sent.matchAll(/src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "https://mmbiz.qpic.cn/a/0",
      "https://mmbiz.qpic.cn/b/0",
      "https://mmbiz.qpic.cn/a/0",
    ]);
    expect(contentLength(sent)).toBe(sent.length);
  });

  it("checks WeChat's limits as the dialog lists them", () => {
    const ok = wechatChecks({ title: "标题", author: "", digest: "", cover: "/c.jpg", contentLength: 100 });
    expect(ok.every((c) => c.ok)).toBe(true);
    const bad = wechatChecks({
      title: "😀".repeat(33),
      author: "作".repeat(17),
      digest: "摘".repeat(129),
      cover: "",
      contentLength: 20_000,
    });
    expect(bad.map((c) => c.ok)).toEqual([false, false, false, false, false]);
    expect(bad[3]!.message).toBe("正文转换后共 20,000 个字符，公众号要求少于 20,000 个，请删减正文");
  });
});

describe("pictures for the 公众号", () => {
  const noise = (w: number, h: number, channels: 3 | 4) =>
    sharp(crypto.randomBytes(w * h * channels), { raw: { width: w, height: h, channels } });

  it("sends a small JPEG or PNG as it is, converts WebP, GIF and SVG, and brings large ones under 1 MB", async () => {
    const jpeg = await noise(200, 100, 3).jpeg().toBuffer();
    expect((await bodyPicture(jpeg)).bytes).toBe(jpeg);
    const webp = await noise(400, 300, 3).webp().toBuffer();
    expect((await bodyPicture(webp)).mime).toBe("image/jpeg");
    const gif = await noise(100, 100, 3).gif().toBuffer();
    expect((await bodyPicture(gif)).mime).toBe("image/jpeg");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#e8380d"/></svg>',
    );
    expect(["image/jpeg", "image/png"]).toContain((await bodyPicture(svg)).mime);
    const big = await noise(2400, 1600, 3).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const small = await bodyPicture(big);
    expect(small.bytes.length).toBeLessThan(1024 * 1024);
    expect((await fileTypeFromBuffer(small.bytes))?.mime).toBe("image/jpeg");
    expect((await sharp(small.bytes).metadata()).width).toBeLessThanOrEqual(1280);
    // Transparency stays a PNG when it fits.
    const logo = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .webp()
      .toBuffer();
    expect((await bodyPicture(logo)).mime).toBe("image/png");
    await expect(bodyPicture(Buffer.from("not a picture"))).rejects.toBeInstanceOf(PictureError);
  });

  it("makes the cover a JPEG of at most 64 KB", async () => {
    const thumb = await coverThumb(await noise(1600, 900, 3).png().toBuffer());
    expect((await fileTypeFromBuffer(thumb))?.mime).toBe("image/jpeg");
    expect(thumb.length).toBeLessThanOrEqual(64 * 1024);
  });
});

describe("WeChat's messages and pushes", () => {
  it("says in Chinese what a refusal means and what to do", () => {
    const now = new Date("2024-05-11T18:00:00Z"); // 02:00 on the 12th in Beijing
    expect(nextBeijingMidnight(now).toISOString()).toBe("2024-05-12T16:00:00.000Z");
    expect(beijingTime(nextBeijingMidnight(now))).toBe("2024-05-13 00:00");
    expect(wechatMessage(45009, "reach max api daily quota limit", now)).toBe(
      "今日接口调用次数已用完（45009），请于 2024-05-13 00:00（北京时间）后重试",
    );
    const errmsg = "invalid ip 47.100.1.2 ipv6 ::ffff:47.100.1.2, not in whitelist rid: 1";
    expect(refusedIp(errmsg)).toBe("47.100.1.2");
    expect(wechatMessage(40164, errmsg)).toContain("IP 47.100.1.2 不在公众号的 IP 白名单中");
    expect(wechatMessage(48001, "api unauthorized")).toMatch(/^公众号未认证/);
    expect(wechatMessage(99999, "odd")).toBe("公众号接口返回错误 99999：odd");
  });

  it("checks a push's signature and reads PUBLISHJOBFINISH", () => {
    const sig = pushSignature("tok", "1700000000", "42");
    expect(verifyPush("tok", { signature: sig, timestamp: "1700000000", nonce: "42" })).toBe(true);
    expect(verifyPush("tok", { signature: sig, timestamp: "1700000001", nonce: "42" })).toBe(false);
    expect(verifyPush("other", { signature: sig, timestamp: "1700000000", nonce: "42" })).toBe(false);
    const xml =
      "<xml><ToUserName><![CDATA[gh_4d00ed8d6399]]></ToUserName><CreateTime>1481013459</CreateTime>" +
      "<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[PUBLISHJOBFINISH]]></Event><PublishEventInfo>" +
      "<publish_id>2247503051</publish_id><publish_status>0</publish_status><article_id><![CDATA[b5O2OUs25HBxRceL7hfReg]]></article_id>" +
      "<article_detail><count>1</count><item><idx>1</idx><article_url><![CDATA[https://mp.weixin.qq.com/s/x]]></article_url></item></article_detail>" +
      "</PublishEventInfo></xml>";
    expect(parsePush(xml)?.publish).toEqual({
      publishId: "2247503051",
      status: 0,
      articleId: "b5O2OUs25HBxRceL7hfReg",
      urls: ["https://mp.weixin.qq.com/s/x"],
      failIdx: [],
    });
    const failed = xml.replace(
      "<publish_status>0</publish_status>",
      "<publish_status>4</publish_status><fail_idx>1</fail_idx>",
    );
    expect(parsePush(failed)?.publish?.failIdx).toEqual([1]);
    expect(parsePush("<xml><Encrypt><![CDATA[abc]]></Encrypt></xml>")).toEqual({
      event: "",
      encrypted: true,
      publish: null,
    });
    expect(parsePush("not xml")).toBeNull();
  });
});
