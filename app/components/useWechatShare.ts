import { useEffect } from "react";
import { useLocation } from "react-router";

interface WechatSign {
  appId: string;
  timestamp: number;
  noncestr: string;
  signature: string;
}

const meta = (selector: string) => document.querySelector<HTMLMetaElement>(selector)?.content ?? "";

/**
 * Registers the page for sharing inside WeChat (docs/product.md §1, §7): signature from getSign for the URL
 * without its fragment, then title, description, link and image. The SDK is loaded only inside
 * WeChat's browser, so other visitors never download it. Failures are only logged (docs/product.md §8).
 */
export function useWechatShare() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page (location.key)
  useEffect(() => {
    if (!/MicroMessenger/i.test(navigator.userAgent)) return;
    let cancelled = false;
    const url = window.location.href.split("#")[0]!;
    (async () => {
      const res = await fetch(`/api/product/wechat/getSign?url=${encodeURIComponent(url)}`);
      const body = (await res.json().catch(() => null)) as { statusCode?: number; data?: WechatSign } | null;
      if (!res.ok || body?.statusCode !== 1000 || !body.data) {
        console.warn("微信分享签名失败", res.status, (body as { message?: string } | null)?.message ?? "");
        return;
      }
      if (cancelled) return;
      const sign = body.data;
      const wx = (await import("weixin-js-sdk")).default;
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
    })().catch((err) => console.warn("微信分享配置失败", err));
    return () => {
      cancelled = true;
    };
  }, [location.key]);
}
