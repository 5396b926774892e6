/**
 * The 公众号 API's refusals (docs/product.md, "WeChat sync"): HTTP 200 with `{errcode, errmsg}`.
 * Each becomes a WechatError whose message is what an editor reads, in Chinese, with what to do.
 */

/** The token was refused: refreshed once and the call retried once (server/wechat/client.ts). */
export const TOKEN_ERRORS = new Set([40001, 40014, 42001]);

/** Worth another try after a while: WeChat busy, a per-minute limit, the network, a 5xx. */
const TRANSIENT = new Set([-1, 45011, 45033]);

/** The next midnight in Beijing (UTC+8), when the daily quotas start again. */
export function nextBeijingMidnight(now: Date): Date {
  const offset = 8 * 3_600_000;
  const day = Math.floor((now.getTime() + offset) / 86_400_000);
  return new Date((day + 1) * 86_400_000 - offset);
}

/** 2024-05-12 00:00 as Beijing reads it. */
export function beijingTime(d: Date): string {
  const b = new Date(d.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${b.getUTCFullYear()}-${p(b.getUTCMonth() + 1)}-${p(b.getUTCDate())} ${p(b.getUTCHours())}:${p(b.getUTCMinutes())}`;
}

/** The server's address WeChat saw, from a 40164 errmsg ("invalid ip 1.2.3.4 ipv6 ::ffff:1.2.3.4, not in whitelist"). */
export function refusedIp(errmsg: string): string | null {
  return /invalid ip ([0-9a-fA-F.:]+)/.exec(errmsg)?.[1] ?? null;
}

/** The Chinese message of an errcode; `now` dates the quota's reset. */
export function wechatMessage(code: number, errmsg: string, now = new Date()): string {
  switch (code) {
    case -1:
      return "微信系统繁忙（-1），稍后会自动重试";
    case 40001:
    case 40014:
    case 42001:
      return `公众号接口凭证（access_token）无效或已过期（${code}），重新获取后仍被拒绝，请检查 AppID 与 AppSecret 是否匹配`;
    case 40013:
      return "AppID 无效（40013）：请检查 WECHAT_APP_ID";
    case 40125:
      return "AppSecret 无效（40125）：请检查 WECHAT_APP_SECRET（在公众号后台「设置与开发 › 基本配置」重置后需同步更新）";
    case 40243:
      return "AppSecret 已被冻结（40243）：请在公众号后台解冻或重置 AppSecret";
    case 40164: {
      const ip = refusedIp(errmsg);
      return ip
        ? `本站服务器的 IP ${ip} 不在公众号的 IP 白名单中（40164）：请在公众号后台「设置与开发 › 基本配置 › IP 白名单」加入 ${ip} 后重试`
        : "本站服务器的 IP 不在公众号的 IP 白名单中（40164）：请在公众号后台「设置与开发 › 基本配置 › IP 白名单」加入服务器的出口 IP 后重试";
    }
    case 45009:
      return `今日接口调用次数已用完（45009），请于 ${beijingTime(nextBeijingMidnight(now))}（北京时间）后重试`;
    case 45011:
    case 45033:
      return `接口调用过于频繁（${code}），稍后会自动重试`;
    case 48001:
      return "公众号未认证，没有发布接口的权限（48001）：发布需要微信认证；可改为「存入草稿箱」，再到公众号后台手动发表";
    case 40005:
      return "图片格式不被公众号接受（40005）：仅支持 JPG、PNG";
    case 40009:
      return "图片太大，公众号不接受（40009）";
    case 40007:
      return "素材或草稿在公众号中已不存在（40007）";
    case 44003:
      return "图文内容为空（44003）";
    case 45002:
      return "正文超过公众号的长度限制（45002）：须少于 20,000 个字符、1 MB";
    case 45003:
      return "标题超过公众号的长度限制（45003）：最多 32 个字";
    case 45004:
      return "摘要超过公众号的长度限制（45004）：最多 128 个字";
    case 45005:
      return "「阅读原文」链接太长（45005）：最多 1 KB";
    case 45110:
      return "作者超过公众号的长度限制（45110）：最多 16 个字";
    case 45166:
      return "正文内容无效，公众号不接受（45166）";
    case 47001:
      return "提交给公众号的数据格式不正确（47001）";
    case 53503:
      return "该草稿未通过发布前的检查（53503），请检查内容后重试";
    case 53504:
      return "该草稿需要到公众号后台发表（53504）";
    case 53505:
      return "请先在公众号后台打开该草稿手动保存，再发表（53505）";
    default:
      return `公众号接口返回错误 ${code}：${errmsg || "未知错误"}`;
  }
}

/** A refusal or failure of the 公众号 API; `message` is the Chinese text an editor reads. */
export class WechatError extends Error {
  constructor(
    /** the errcode, or null when WeChat was not reached (network, timeout, HTTP 5xx, not JSON) */
    readonly code: number | null,
    message: string,
    /** another try later may succeed */
    readonly transient: boolean,
    /** WeChat's own errmsg, for the log */
    readonly errmsg = "",
  ) {
    super(message);
  }

  static of(code: number, errmsg: string, now = new Date()): WechatError {
    return new WechatError(code, wechatMessage(code, errmsg, now), TRANSIENT.has(code), errmsg);
  }

  static unreachable(detail: string): WechatError {
    return new WechatError(null, `无法连接公众号接口（${detail}），稍后会自动重试`, true, detail);
  }
}

/** What a publish's status (freepublish/get, PUBLISHJOBFINISH) means for the editor. */
export const PUBLISH_STATUS_MESSAGES: Record<number, string> = {
  2: "原创校验失败（发布状态 2）：文章未通过原创校验，请检查是否与已发表的文章重复",
  3: "常规失败（发布状态 3）：公众号发布失败，请稍后重试或到公众号后台查看",
  4: "审核不通过（发布状态 4）：请修改内容后重新同步",
  5: "文章发布成功后已被删除（发布状态 5）",
  6: "文章发布成功后已被封禁（发布状态 6）",
};
