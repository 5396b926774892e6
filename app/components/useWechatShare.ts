import { useEffect } from "react";
import { useLocation } from "react-router";

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
      // The typed client and its schemas load only inside WeChat, like the SDK itself.
      const [{ send }, { WechatSignSchema }] = await Promise.all([
        import("../api/client"),
        import("../../contract/entities"),
      ]);
      const reply = await send(
        WechatSignSchema,
        `/api/product/wechat/getSign?url=${encodeURIComponent(url)}`,
      );
      if (reply.kind !== "ok") {
        const status = reply.kind === "network" ? 0 : reply.status;
        console.warn("微信分享签名失败", status, (reply.kind === "failed" && reply.message) || "");
        return;
      }
      if (cancelled) return;
      const sign = reply.data;
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
