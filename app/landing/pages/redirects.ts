import { CLASS_BANNER } from "../../../contract/columns";
import { SITE_NAME } from "../../root";

/** /idaxue/class/{classId}: which banner's link the class redirect follows (docs/product.md §9: 98 for class 2, else 13). */
export const classRedirect = {
  bannerFor: (classId: string) => (classId === "2" ? CLASS_BANNER.class2 : CLASS_BANNER.other),
  title: `跳转失败 - ${SITE_NAME}`,
  failed: "跳转失败",
  failedText: "课程链接暂时无法获取，请稍后刷新重试，或先去电商大学首页看看。",
  fallback: { label: "去电商大学首页", href: "https://daxue.example.com/" },
};

/** /wang/w/{customerName}: the chat-admin platform page (title from docs/product.md §2). */
export const chatRedirect = {
  title: "旺旺客服管理平台",
  closeAfterMs: 5000,
  opening: (name: string) => `正在打开阿里旺旺，与「${name}」对话……`,
  hint: "如果没有自动打开聊天窗口，请先安装阿里旺旺客户端，安装后点击下方按钮重试。",
  retry: "打开阿里旺旺",
  install: { label: "下载阿里旺旺客户端", href: "https://wangwang.example.com/download" },
  closing: "聊天打开后，本页面将在 5 秒后自动关闭。",
};
