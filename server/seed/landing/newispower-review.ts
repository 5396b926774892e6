import type { LandingPage } from "../../../contract/landing";
import { heroBg, pics, SLOGAN_TITLE } from "./shared";

/** /activity/wsfh/newispower/review — the 2020 year-end summit review: highlights, talks, news, awards. */
const F = "newispower-review";

export const page: LandingPage = {
  path: "/activity/wsfh/newispower/review",
  title: SLOGAN_TITLE,
  name: "2020 创新力量年终峰会 · 回顾",
  description: "2020 电商创新力量年终峰会精彩回顾：现场亮点、嘉宾演讲、媒体报道与创新力量榜单。",
  sections: [
    {
      type: "hero",
      eyebrow: "峰会回顾",
      title: "创新力量 · 2020 年终峰会精彩回顾",
      subtitle: "1200 位从业者、16 位嘉宾、30 个获奖品牌，一起回望 2020。",
      facts: ["2020 年 12 月 22 日", "杭州"],
      image: heroBg(F, "年终峰会回顾主视觉"),
      ctas: [{ label: "返回峰会主页", href: "/activity/wsfh/newispower", sameWindow: true }],
    },
    {
      type: "scrollNav",
      items: [
        { id: "highlights", label: "精彩瞬间" },
        { id: "talks", label: "嘉宾演讲" },
        { id: "news", label: "新闻报道" },
        { id: "awards", label: "获奖名单" },
      ],
    },
    {
      type: "gallery",
      id: "highlights",
      title: "精彩瞬间",
      reveal: true,
      images: pics(
        F,
        "h",
        ["主论坛现场", "圆桌对话", "颁奖典礼", "分论坛交流", "签到区", "嘉宾合影"],
        400,
        300,
      ),
    },
    {
      type: "links",
      id: "talks",
      title: "嘉宾演讲",
      items: [
        {
          title: "陈嘉言：国货品牌的十年与下一个十年",
          source: "演讲实录",
          href: "https://news.example.com/newispower/talk-1",
          summary: "从渠道红利到产品力，国货品牌的增长逻辑正在改变。",
        },
        {
          title: "李慕白：直播电商的规模化与专业化",
          source: "演讲实录",
          href: "https://news.example.com/newispower/talk-2",
          summary: "直播电商进入专业分工时代，机构的核心能力是什么？",
        },
        {
          title: "圆桌：2021 增长从哪里来",
          source: "圆桌实录",
          href: "https://news.example.com/newispower/talk-3",
          summary: "三位嘉宾谈新渠道、新人群与新供给。",
        },
      ],
    },
    {
      type: "links",
      id: "news",
      title: "新闻报道",
      items: [
        {
          title: "2020 创新力量年终峰会在杭州举行",
          source: "商业观察",
          date: "2020-12-22",
          href: "https://news.example.com/newispower/news-1",
        },
        {
          title: "30 个品牌登上 2020 电商创新力量榜",
          source: "零售前沿",
          date: "2020-12-23",
          href: "https://news.example.com/newispower/news-2",
        },
        {
          title: "年终峰会观察：内容种草成为品牌标配",
          source: "新消费日报",
          date: "2020-12-24",
          href: "https://news.example.com/newispower/news-3",
        },
      ],
    },
    {
      type: "awards",
      id: "awards",
      title: "2020 创新力量榜",
      reveal: true,
      awards: [
        { award: "年度创新品牌", winners: ["禾光品牌", "栖木家居", "青橙食品"] },
        { award: "年度直播机构", winners: ["星澜传媒", "云帆直播"] },
        { award: "年度内容营销案例", winners: ["某国货护肤新品种草", "某零食品牌口碑计划"] },
        { award: "年度服务商", winners: ["澄明数据", "山海物流"] },
      ],
    },
  ],
};
