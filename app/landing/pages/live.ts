import { SLOGAN_TITLE } from "./shared";

/**
 * /flybird/live — the live room in a sandboxed frame 1000px high. The room's address is configuration
 * (LIVE_ROOM_URL), not content: see server/config.ts.
 */
export const page = {
  path: "/flybird/live",
  title: SLOGAN_TITLE,
  name: "直播间",
  description: "电商报直播间：行业嘉宾访谈、峰会直播与电商课程直播。",
  heading: "电商报直播间",
  intro: "行业访谈、峰会直播与课程直播，在这里收看。",
  frameTitle: "电商报直播间",
  frameHeight: 1000,
  /** shown by browsers without frames (docs/product.md §8) */
  noFrames: "您的浏览器不支持框架（iframe），无法观看直播，请升级浏览器后重试。",
  /** sandbox tokens: the room runs its own scripts on its own origin and may open its product links */
  sandbox: "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation",
  openLabel: "在新窗口打开直播间",
} as const;
