import type { LandingPage } from "../../../contract/landing";
import { clip, heroBg, LANDSCAPE_CLIPS, pic, pics, SLOGAN_TITLE } from "./shared";

/** /activity/wsfh/remouldback — the remould summit review, with the award list. */
const F = "remouldback";

export const page: LandingPage = {
  path: "/activity/wsfh/remouldback",
  title: SLOGAN_TITLE,
  name: "重塑峰会 · 回顾",
  description: "重塑 · 电商增长峰会回顾：现场视频、图集、重塑奖项获奖名单与媒体报道。",
  sections: [
    {
      type: "hero",
      id: "top",
      eyebrow: "峰会回顾",
      title: "重塑 · 电商增长峰会精彩回顾",
      subtitle: "16 位嘉宾、1000 位观众，以及 12 个重塑奖项。",
      facts: ["2021 年 9 月 16 日", "杭州"],
      image: heroBg(F, "重塑峰会回顾主视觉"),
      ctas: [{ label: "返回峰会主页", href: "/activity/wsfh/remould", sameWindow: true }],
    },
    {
      type: "scrollNav",
      items: [
        { id: "videos", label: "现场视频" },
        { id: "photos", label: "现场图集" },
        { id: "awards", label: "重塑奖项" },
        { id: "press", label: "媒体报道" },
      ],
    },
    {
      type: "videoGrid",
      id: "videos",
      title: "现场视频",
      clips: [
        {
          ...clip(LANDSCAPE_CLIPS[2]!, pic(F, "v-1", "峰会开场", 640, 360, "poster", "现场视频"), "峰会开场"),
          caption: "3 分钟看完开场",
        },
        {
          ...clip(
            LANDSCAPE_CLIPS[0]!,
            pic(F, "v-2", "主题演讲精选", 640, 360, "poster", "现场视频"),
            "主题演讲精选",
          ),
          caption: "五位嘉宾演讲精选",
        },
        {
          ...clip(LANDSCAPE_CLIPS[1]!, pic(F, "v-3", "颁奖典礼", 640, 360, "poster", "现场视频"), "颁奖典礼"),
          caption: "重塑奖项颁奖",
        },
      ],
    },
    {
      type: "gallery",
      id: "photos",
      title: "现场图集",
      reveal: true,
      images: pics(F, "p", ["主会场全景", "嘉宾演讲", "观众交流"], 400, 300),
    },
    {
      type: "awards",
      id: "awards",
      title: "重塑奖项",
      reveal: true,
      awards: [
        { award: "年度重塑品牌", winners: ["禾光品牌", "栖木家居", "青橙食品"] },
        { award: "年度渠道创新", winners: ["云帆科技", "山海物流"] },
        { award: "年度产品创新", winners: ["某国货护肤精华", "某智能收纳系列"] },
        { award: "年度组织创新", winners: ["星澜传媒", "澄明数据"] },
      ],
    },
    {
      type: "links",
      id: "press",
      title: "媒体报道",
      items: [
        {
          title: "重塑 · 电商增长峰会在杭举办，12 个奖项揭晓",
          source: "商业观察",
          date: "2021-09-16",
          href: "https://news.example.com/remould/news-1",
        },
        {
          title: "全域经营的账怎么算？峰会嘉宾给出答案",
          source: "零售前沿",
          date: "2021-09-17",
          href: "https://news.example.com/remould/news-2",
        },
      ],
    },
  ],
};
