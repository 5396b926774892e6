import type { LandingPage } from "../../../contract/landing";
import { TICKET_HOST } from "./conference";
import { clip, heroBg, LANDSCAPE_CLIPS, pic, pics, SLOGAN_TITLE } from "./shared";

/**
 * /activity/wsfh/wowback — the video summit page: the review of the 2021-05-11 WOW conference
 * (moments, on-site review, information, highlights). Anchors main1, spoiler, review, information,
 * highlights, last; scroll buttons; external article and ticket buttons; and one button that takes
 * the current window to the remould activity page (/activity/wsfh/remould). The clips are
 * placeholders recorded locally, each with its own poster.
 */
const F = "wowback";
const v = (i: number, name: string, alt: string, sub: string) =>
  clip(LANDSCAPE_CLIPS[i % LANDSCAPE_CLIPS.length]!, pic(F, name, alt, 640, 360, "poster", sub), alt);
const REMOULD = { label: "前往重塑峰会", href: "/activity/wsfh/remould", sameWindow: true } as const;
const TICKET = { label: "预约下一届门票", href: `${TICKET_HOST}/wow-2022?ticket=reserve` } as const;

export const page: LandingPage = {
  path: "/activity/wsfh/wowback",
  title: SLOGAN_TITLE,
  name: "WOW 内容营销大会 · 视频回顾",
  description: "2021 WOW 内容营销大会视频回顾：大会剧透、现场回顾、资讯与高光时刻。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    {
      type: "hero",
      id: "main1",
      eyebrow: "2021.05.11 · 杭州",
      title: "WOW 内容营销大会 · 视频回顾",
      subtitle: "400 位观众、20 个爆款案例、一块 IMAX 大银幕。错过了现场？在这里补上。",
      image: heroBg(F, "WOW 大会视频回顾主视觉"),
      ctas: [{ label: "往下看 ↓", href: "#spoiler" }, REMOULD],
    },
    {
      type: "scrollNav",
      items: [
        { id: "main1", label: "主会场" },
        { id: "spoiler", label: "大会剧透" },
        { id: "review", label: "现场回顾" },
        { id: "information", label: "大会资讯" },
        { id: "highlights", label: "高光时刻" },
        { id: "last", label: "往届回顾" },
      ],
      actions: [TICKET],
    },
    {
      type: "videoGrid",
      id: "spoiler",
      title: "大会剧透",
      intro: "开场前的幕后花絮与嘉宾预告。",
      clips: [
        { ...v(0, "spoiler-1", "开场片预告", "剧透"), caption: "1 分钟带你看完开场片" },
        { ...v(1, "spoiler-2", "嘉宾彩排花絮", "剧透"), caption: "嘉宾彩排现场" },
        { ...v(2, "spoiler-3", "影院布场延时", "剧透"), caption: "影厅布场延时摄影" },
      ],
      ctas: [{ label: "继续看现场回顾 ↓", href: "#review", variant: "ghost" }],
    },
    {
      type: "videoGrid",
      id: "review",
      title: "现场回顾",
      tone: "dark",
      clips: [
        { ...v(1, "review-1", "开场趋势发布", "现场回顾"), caption: "2021 内容营销趋势发布" },
        { ...v(2, "review-2", "案例拆解上半场", "现场回顾"), caption: "案例放映与拆解（上）" },
        { ...v(0, "review-3", "案例拆解下半场", "现场回顾"), caption: "案例放映与拆解（下）" },
        { ...v(1, "review-4", "品牌与创作者对谈", "现场回顾"), caption: "对谈：品牌如何与创作者共创" },
      ],
      ctas: [{ label: "看大会资讯 ↓", href: "#information", variant: "light" }],
    },
    {
      type: "links",
      id: "information",
      title: "大会资讯",
      items: [
        {
          title: "WOW 内容营销大会在杭州影院落幕：20 个案例看懂种草",
          source: "电商报",
          date: "2021-05-11",
          href: "https://news.example.com/wow-2021/recap",
        },
        {
          title: "对谈实录：品牌与创作者的共创边界",
          source: "营销智库",
          date: "2021-05-12",
          href: "https://news.example.com/wow-2021/dialogue",
        },
        {
          title: "2021 内容营销趋势报告（全文）",
          source: "电商报研究院",
          date: "2021-05-13",
          href: "https://news.example.com/wow-2021/report",
        },
      ],
    },
    {
      type: "gallery",
      id: "highlights",
      title: "高光时刻",
      reveal: true,
      images: pics(F, "hl", ["满座的 IMAX 影厅", "案例放映", "创作者面对面"], 400, 300),
    },
    {
      type: "ctaBand",
      id: "last",
      tone: "brand",
      title: "往届回顾与下一站",
      text: "重塑峰会正在报名，下一届 WOW 大会门票开放预约。",
      ctas: [
        REMOULD,
        { ...TICKET, variant: "ghost" },
        { label: "回到顶部 ↑", href: "#main1", variant: "ghost" },
      ],
    },
  ],
};
