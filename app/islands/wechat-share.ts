import type wx from "weixin-js-sdk";

type Wx = typeof wx;
/** How the page loads WeChat's JS-SDK: only inside WeChat's browser, so no one else downloads it. */
export type LoadWechatSdk = () => Promise<{ default: Wx }>;

interface Sign {
  appId: string;
  timestamp: number;
  noncestr: string;
  signature: string;
}

const isSign = (d: unknown): d is Sign => {
  const s = d as Partial<Sign> | null;
  return (
    typeof s?.appId === "string" &&
    Number.isInteger(s.timestamp) &&
    typeof s.noncestr === "string" &&
    typeof s.signature === "string"
  );
};

const meta = (selector: string) => document.querySelector<HTMLMetaElement>(selector)?.content ?? "";

/**
 * Registers the page for sharing inside WeChat (docs/product.md §1, §7): signature from getSign for
 * the URL without its fragment, then title, description, link and image. Failures are only logged
 * (docs/product.md §8). The answer is read through its envelope (docs/architecture.md, "The
 * envelope") by hand: the pages that run this carry no schema library.
 */
export async function shareInWechat(loadSdk: LoadWechatSdk, signal?: AbortSignal): Promise<void> {
  if (!/MicroMessenger/i.test(navigator.userAgent)) return;
  const url = window.location.href.split("#")[0]!;
  try {
    let status = 0;
    let body: { statusCode?: number; message?: string; data?: unknown } | null = null;
    try {
      const res = await fetch(`/api/product/wechat/getSign?url=${encodeURIComponent(url)}`, { signal });
      status = res.status;
      body = await res.json().catch(() => null);
    } catch {
      // no answer: logged below with status 0
    }
    if (signal?.aborted) return;
    if (body?.statusCode !== 1000 || status < 200 || status >= 300 || !isSign(body?.data)) {
      console.warn("微信分享签名失败", status, body?.message ?? "");
      return;
    }
    const sign = body.data as Sign;
    const wx = (await loadSdk()).default;
    if (signal?.aborted) return;
    const share = {
      title: document.title,
      desc: meta('meta[name="description"]'),
      link: url,
      imgUrl: meta('meta[property="og:image"]'),
      success: () => {},
    };
    wx.config({
      debug: false,
      appId: sign.appId,
      timestamp: sign.timestamp,
      nonceStr: sign.noncestr,
      signature: sign.signature,
      jsApiList: ["updateAppMessageShareData", "updateTimelineShareData"],
    });
    wx.ready(() => {
      wx.updateAppMessageShareData(share);
      wx.updateTimelineShareData(share);
    });
    wx.error((err: unknown) => console.warn("微信分享配置失败", err));
  } catch (err) {
    console.warn("微信分享配置失败", err);
  }
}
