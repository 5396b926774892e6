// A fake 公众号 API on 127.0.0.1 for trying 同步到公众号 without an account (README "WeChat sync").
// Usage: npm run wechat:fake [-- --seed --port 9400 --publish-delay-ms 3000 --callback http://127.0.0.1:3000/api/wechat/callback --callback-token TOKEN]
import "../server/private-umask";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { publishOnFake, startFakeWechat } from "../fakes/wechat-mp";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    port: { type: "string", default: "9400" },
    /** publish a few articles of the account's own, for 导入公众号文章 › 从公众号选择 */
    seed: { type: "boolean", default: false },
    "publish-delay-ms": { type: "string", default: "3000" },
    callback: { type: "string" },
    "callback-token": { type: "string" },
  },
});
const fake = await startFakeWechat({
  port: Number(values.port),
  publishDelayMs: Number(values["publish-delay-ms"]),
  callback:
    values.callback && values["callback-token"]
      ? { url: values.callback, token: values["callback-token"] }
      : undefined,
});
if (values.seed) {
  fake.settings.publishDelayMs = 0;
  const picture = (r: number, g: number, b: number) =>
    sharp({ create: { width: 800, height: 450, channels: 3, background: { r, g, b } } })
      .jpeg({ quality: 80 })
      .toBuffer();
  const [red, blue] = await Promise.all([picture(232, 56, 13), picture(30, 120, 200)]);
  await publishOnFake(fake, [
    {
      title: "双11预售复盘：定金膨胀回来了",
      author: "电商报",
      digest: "今年双11预售的三个变化",
      paragraphs: ["预售提前到了10月。", "定金膨胀重新成为主角。"],
      pictures: [red, blue],
    },
  ]);
  await publishOnFake(fake, [
    {
      title: "直播带货新规解读",
      author: "小编",
      digest: "新规对商家的影响",
      paragraphs: ["新规要求主播公示营业执照。"],
      pictures: [blue],
    },
    {
      title: "跨境电商周报第12期",
      author: "周报组",
      digest: "本周跨境电商要闻",
      paragraphs: ["本周要闻：海外仓扩容。"],
      pictures: [],
    },
  ]);
  fake.settings.publishDelayMs = Number(values["publish-delay-ms"]);
}
console.info(fake.url);
console.info(
  [
    "",
    "A fake 公众号 API is listening. Start the site with:",
    `  WECHAT_API_BASE=${fake.url} WECHAT_APP_ID=${fake.appId} WECHAT_APP_SECRET=${fake.appSecret} npm start`,
    "",
    `Faults:   curl -X POST ${fake.url}/__fake/faults -H 'content-type: application/json' -d '{"kind":"quota"}'`,
    `          (revokeToken, expireToken, quota, busy, http500, latency {ms}, publishStatus {status: 2|3|4}, ipNotWhitelisted {ip}, notVerified; "times": n)`,
    `State:    curl ${fake.url}/__fake/state`,
    "Ctrl-C stops it.",
  ].join("\n"),
);
const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
