import { clip, course, heroBg, LANDSCAPE_CLIPS, pic, titledByName } from "./shared";

/**
 * /market/products/talk — 创始人说 (founder talks): titled 创始人说 (docs/product.md §2) and shared in WeChat with
 * its own title and description. Four video / article / audio entries and the three-item "meal"
 * switcher (three talk menus, previous / next).
 */
const F = "talk";

export const page = titledByName({
  path: "/market/products/talk",
  name: "创始人说",
  description: "创始人说：对话电商品牌创始人，听他们讲创业、选品、组织与增长背后的真实故事。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    {
      type: "hero",
      eyebrow: "创始人说",
      title: "对话品牌创始人，听增长背后的故事",
      subtitle: "每月一期，视频、文章、音频三种方式收看。",
      image: heroBg(F, "创始人说主视觉"),
      buyAnchor: { label: "收看最新一期", href: "#entries" },
    },
    {
      type: "mediaEntries",
      id: "entries",
      title: "最新内容",
      entries: [
        {
          kind: "video",
          title: "从夫妻店到年销十亿：一家坚果品牌的十年",
          text: "创始人讲述品牌如何从线下档口走向全渠道。",
          poster: pic(F, "e-1", "坚果品牌创始人访谈", 640, 360, "poster", "视频访谈"),
          clip: clip(
            LANDSCAPE_CLIPS[0]!,
            pic(F, "e-1", "坚果品牌创始人访谈", 640, 360, "poster", "视频访谈"),
            "坚果品牌创始人访谈",
          ),
          href: "https://video.example.com/talk/1",
          duration: "32 分钟",
        },
        {
          kind: "article",
          title: "国货护肤的第二曲线：研发才是护城河",
          text: "万字长文：一位化学博士创业者的产品方法论。",
          poster: pic(F, "e-2", "国货护肤创始人专访", 640, 360, "poster", "深度文章"),
          href: "https://news.example.com/talk/2",
        },
        {
          kind: "audio",
          title: "直播电商下半场，机构怎么活",
          text: "三位 MCN 机构创始人圆桌对谈。",
          poster: pic(F, "e-3", "MCN 创始人圆桌", 640, 360, "poster", "音频节目"),
          href: "https://audio.example.com/talk/3",
          duration: "48 分钟",
        },
        {
          kind: "video",
          title: "出海第一年：踩过的坑与拿到的结果",
          text: "家居品牌创始人复盘跨境电商第一年。",
          poster: pic(F, "e-4", "家居品牌出海访谈", 640, 360, "poster", "视频访谈"),
          clip: clip(
            LANDSCAPE_CLIPS[1]!,
            pic(F, "e-4", "家居品牌出海访谈", 640, 360, "poster", "视频访谈"),
            "家居品牌出海访谈",
          ),
          href: "https://video.example.com/talk/4",
          duration: "26 分钟",
        },
      ],
    },
    {
      type: "stepper",
      id: "meals",
      title: "创始人饭局",
      intro: "三种饭局套餐，与创始人面对面交流。",
      reveal: true,
      items: [
        {
          title: "午餐会 · 8 人小桌",
          text: "与一位创始人共进午餐，围绕一个主题深度交流 2 小时。",
          image: pic(F, "meal-1", "午餐会", 640, 420, "poster", "8 人小桌"),
          cta: { label: "报名午餐会", href: "https://form.example.com/f/talk-lunch" },
        },
        {
          title: "晚宴 · 20 人圆桌",
          text: "三位创始人同桌，主题分享 + 自由交流。",
          image: pic(F, "meal-2", "创始人晚宴", 640, 420, "poster", "20 人圆桌"),
          cta: { label: "报名晚宴", href: "https://form.example.com/f/talk-dinner" },
        },
        {
          title: "私享会 · 1 对 1",
          text: "预约创始人 1 对 1 咨询 1 小时，聚焦你的具体问题。",
          image: pic(F, "meal-3", "创始人私享会", 640, 420, "poster", "1 对 1"),
          cta: { label: "预约私享会", href: "https://form.example.com/f/talk-private" },
        },
      ],
    },
    {
      type: "ctaBand",
      tone: "brand",
      title: "想成为下一期嘉宾？",
      text: "欢迎品牌创始人报名访谈，或推荐你欣赏的创始人。",
      ctas: [
        { label: "报名访谈", href: "https://form.example.com/f/talk-guest" },
        { label: "看往期课程", href: course("founder-talks"), variant: "ghost" },
      ],
    },
  ],
});
