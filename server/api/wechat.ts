import { z } from "zod";
import type { Services } from "../services";
import { AppError } from "../services/errors";
import { freshPush, PUSH_WINDOW_SEC, parsePush, verifyPush } from "../wechat/push";
import { endpoint } from "./endpoint";

const tag = "公众号";

/** The largest push read: an event is well under 2 KB. */
const PUSH_MAX_BYTES = 64 * 1024;

const signed = z.object({
  signature: z.string({ error: "缺少参数 signature" }).max(64, "参数 signature 不正确"),
  timestamp: z.string({ error: "缺少参数 timestamp" }).regex(/^\d{1,12}$/, "参数 timestamp 不正确"),
  nonce: z.string({ error: "缺少参数 nonce" }).max(64, "参数 nonce 不正确"),
});

/**
 * A call of WeChat's: signed with the token, its timestamp within 5 minutes of now, its nonce not
 * used before (a replay is refused, by every instance, before the push is parsed or anything changed).
 */
async function checkSigned(s: Services, q: z.infer<typeof signed>) {
  const token = s.config.WECHAT_CALLBACK_TOKEN;
  // Without a token configured there is nothing to check a push against: the route is not there.
  if (!token) throw new AppError(404, "未配置公众号消息推送（WECHAT_CALLBACK_TOKEN）");
  if (!verifyPush(token, q)) throw new AppError(403, "签名无效");
  const fresh = await freshPush(s.kv, q);
  if (fresh === "stale")
    throw new AppError(403, `请求已过期：timestamp 与当前时间相差超过 ${PUSH_WINDOW_SEC / 60} 分钟`);
  if (fresh === "replayed") throw new AppError(403, "重复的请求：该 nonce 已使用过");
}

/**
 * The 公众号's server configuration points here (docs/product.md, "WeChat sync"): WeChat checks
 * the address with a GET that must echo `echostr`, then pushes events. PUBLISHJOBFINISH settles the
 * sync waiting for that publish at once (polling freepublish/get would find it later anyway).
 */
export const wechatEndpoints = [
  endpoint({
    method: "get",
    path: "/api/wechat/callback",
    tag,
    summary: "WeChat's check of the server configuration: answers echostr when the signature is right",
    description:
      "403 for a wrong signature, a timestamp more than 5 minutes from now or a nonce already used; 404 when WECHAT_CALLBACK_TOKEN is not set. Answers plain text.",
    cache: false,
    query: signed.extend({
      echostr: z.string({ error: "缺少参数 echostr" }).max(200, "参数 echostr 不正确"),
    }),
    response: z.string(),
    handler: async (q, s, c) => {
      await checkSigned(s, q);
      return c.text(q.echostr);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/wechat/callback",
    tag,
    summary: "An event pushed by WeChat (XML, signed); PUBLISHJOBFINISH settles the sync of that publish",
    description:
      "Answers `success` as WeChat expects. 403 for a wrong signature, a timestamp more than 5 minutes from now or a nonce already used (a replay changes nothing); 404 when WECHAT_CALLBACK_TOKEN is not set; 400 for a body that is not a push.",
    rawBody: true,
    maxBodyBytes: PUSH_MAX_BYTES,
    tooLarge: "推送内容过大",
    query: signed.extend({ openid: z.string().max(100).optional() }),
    response: z.string(),
    handler: async (q, s, c) => {
      await checkSigned(s, q);
      const push = parsePush(await c.req.text());
      if (!push) throw new AppError(400, "推送内容不是有效的 XML");
      if (push.encrypted)
        s.logger.warn(
          "encrypted wechat push ignored: set the server configuration to plain text or compatible mode",
        );
      if (push.publish) await s.wechatSync.published(push.publish);
      return c.text("success");
    },
  }),
];
