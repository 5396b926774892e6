import { useEffect } from "react";
import { useLocation } from "react-router";
import { shareInWechat } from "../islands/wechat-share";

/**
 * Registers a hydrated page for sharing inside WeChat, once per page (location.key), with the same
 * code the islands run on the pages that do not hydrate (app/islands/wechat-share.ts). The SDK is
 * loaded only inside WeChat's browser, so other visitors never download it.
 */
export function useWechatShare() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page (location.key)
  useEffect(() => {
    const off = new AbortController();
    void shareInWechat(() => import("weixin-js-sdk"), off.signal);
    return () => off.abort();
  }, [location.key]);
}
