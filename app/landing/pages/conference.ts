import type { PeopleSection } from "../types";
import { pic } from "./shared";

/** Pieces shared by the conference pages (all guests and companies are fictional). */

const GUESTS: [string, string][] = [
  ["陈嘉言", "某国货美妆集团 创始人"],
  ["李慕白", "某直播电商机构 CEO"],
  ["王知秋", "某电商平台 内容生态负责人"],
  ["赵一鸣", "某家居品牌 联合创始人"],
  ["孙若溪", "某咨询公司 合伙人"],
  ["周行远", "某食品品牌 创始人"],
  ["吴清和", "某 MCN 机构 创始人"],
  ["郑南星", "电商报 主编"],
];

export function guests(folder: string, id: string, title: string, count = 8): PeopleSection {
  return {
    type: "people",
    id,
    title,
    reveal: true,
    people: GUESTS.slice(0, count).map(([name, role], i) => ({
      name,
      title: role,
      photo: pic(folder, `guest-${i + 1}`, `${name}`, 240, 240, "portrait"),
    })),
  };
}

export const MEDIA_PARTNERS = [
  "商业观察",
  "零售前沿",
  "新消费日报",
  "品牌周刊",
  "直播研究院",
  "数字经济网",
  "跨境电商说",
  "创业邦客",
  "财经早知道",
  "营销智库",
];

export const PARTNERS = [
  "云帆科技",
  "星澜传媒",
  "禾光品牌",
  "栖木家居",
  "远岫资本",
  "青橙直播",
  "澄明数据",
  "山海物流",
];

export const TICKET_HOST = "https://ticket.example.com/event";
