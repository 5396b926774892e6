import type { LandingPage } from "../../../contract/landing";
import { SLOGAN_TITLE } from "./shared";

/**
 * /flybird/live — the live room in a sandboxed frame 1000px high. Without an address of its own the
 * frame shows the configured room (LIVE_ROOM_URL, server/config).
 */
export const page: LandingPage = {
  path: "/flybird/live",
  title: SLOGAN_TITLE,
  name: "直播间",
  description: "电商报直播间：行业嘉宾访谈、峰会直播与电商课程直播。",
  sections: [
    {
      type: "liveFrame",
      tone: "grey",
      title: "电商报直播间",
      intro: "行业访谈、峰会直播与课程直播，在这里收看。",
      frameTitle: "电商报直播间",
      height: 1000,
      openLabel: "在新窗口打开直播间",
      // shown by browsers without frames (docs/product.md §8)
      noFrames: "您的浏览器不支持框架（iframe），无法观看直播，请升级浏览器后重试。",
    },
  ],
};
