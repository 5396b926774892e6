import type { Selectable } from "kysely";
import type { Activity, ArticleSummary, Banner, Column, Tag, TravelItem } from "../../contract/entities";
import type { DB } from "../db/schema";

/** Rows are parsed here, at the DB boundary, so SQLite and PostgreSQL give identical objects. */

export const bool = (v: boolean | number | null | undefined): boolean => v === true || v === 1;
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;

type Row<T extends keyof DB> = Selectable<DB[T]>;

export function toArticleSummary(r: Row<"articles">, tags: Tag[]): ArticleSummary {
  return {
    contentId: r.id,
    title: r.title,
    intro: r.intro,
    thumb: r.thumb,
    author: r.author,
    createTime: r.created_at,
    columnId: r.column_id,
    hot: bool(r.hot),
    tagList: tags,
  };
}

export const toColumn = (r: Row<"columns">): Column => ({ columnId: r.id, columnName: r.name });

export const toBanner = (r: Row<"banners">): Banner => ({
  bannerId: r.id,
  columnId: r.column_id,
  bannerName: r.name,
  bannerLink: r.link,
  image: r.image,
  thumb: r.image,
});

export const toActivity = (r: Row<"activities">): Activity => ({
  activityId: r.id,
  columnId: r.column_id,
  activityName: r.name,
  activityLink: r.link,
  thumb: r.thumb,
  activityStartTime: r.start_time,
  address: r.address,
  activityIntro: r.intro,
  activityStatus: r.status,
  guests: r.guests,
});

export const toTravelItem = (r: Row<"travel_items">): TravelItem => ({
  id: r.id,
  tabId: r.tab_id,
  serialNum: r.serial_num,
  picUrl: r.pic_url,
  name: r.name,
  location: r.location,
  price: fenToYuan(r.price_fen),
  password: r.password,
});

export type { Row };
