// A fake 公众号 API on 127.0.0.1 for trying 同步到公众号 without an account (README "WeChat sync").
// Usage: npm run wechat:fake [-- --port 9400 --publish-delay-ms 3000 --callback http://127.0.0.1:3000/api/wechat/callback --callback-token TOKEN]
import { parseArgs } from "node:util";
import { startFakeWechat } from "../fakes/wechat-mp";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    port: { type: "string", default: "9400" },
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
