/**
 * Every landing definition, looked up by path. Server-only: the route loaders hand the definition
 * of the requested path to the page, so the definitions never enter the client bundle.
 */
import { page as aboutus } from "./pages/aboutus";
import { page as accompany } from "./pages/accompany";
import { page as alimama11list } from "./pages/alimama-11list";
import { page as allproducts } from "./pages/allproducts";
import { page as foodie } from "./pages/foodie";
import { page as hzZh } from "./pages/hz-zh";
import { page as hzZzc } from "./pages/hz-zzc";
import { page as kdmj } from "./pages/kdmj";
import { page as kuang } from "./pages/kuang";
import { page as linkage } from "./pages/linkage";
import { page as mini } from "./pages/mini";
import { page as newispower } from "./pages/newispower";
import { page as newispowerReview } from "./pages/newispower-review";
import { page as nrst } from "./pages/nrst";
import { page as nryx } from "./pages/nryx";
import { page as pyramid } from "./pages/pyramid";
import { page as remould } from "./pages/remould";
import { page as remouldback } from "./pages/remouldback";
import { page as serve } from "./pages/serve";
import { page as shortvideo } from "./pages/shortvideo";
import { page as shortvideos } from "./pages/shortvideos";
import { page as shortvideoss } from "./pages/shortvideoss";
import { page as sjpxs } from "./pages/sjpxs";
import { page as storewindes } from "./pages/storewindes";
import { page as strawBag } from "./pages/strawBag";
import { page as stroll } from "./pages/stroll";
import { page as sttj } from "./pages/sttj";
import { page as summit } from "./pages/summit";
import { page as superHot } from "./pages/superHot";
import { page as talk } from "./pages/talk";
import { page as timing } from "./pages/timing";
import { page as train } from "./pages/train";
import { page as travelList1 } from "./pages/travel-list1";
import { page as travelList2 } from "./pages/travel-list2";
import { page as tttm } from "./pages/tttm";
import { page as twmss } from "./pages/twmss";
import { page as twyxTbzh } from "./pages/twyx-tbzh";
import { page as tzyxZzc } from "./pages/tzyx-zzc";
import { page as visual } from "./pages/visual";
import { page as wow } from "./pages/wow";
import { page as wowback } from "./pages/wowback";
import { page as articleList } from "./pages/yingxiao";
import { page as yljzt } from "./pages/yljzt";
import { page as zhyxs } from "./pages/zhyxs";
import { page as zxjy } from "./pages/zxjy";
import type { ArticleListPage, LandingPage, TravelListPage } from "./types";

/** The definitions of the generic landing routes (app/landing/paths.ts LANDING_PATHS). */
export const LANDING_PAGES: LandingPage[] = [
  aboutus,
  accompany,
  alimama11list,
  allproducts,
  foodie,
  hzZh,
  hzZzc,
  kdmj,
  kuang,
  linkage,
  mini,
  newispowerReview,
  newispower,
  nrst,
  nryx,
  pyramid,
  remould,
  remouldback,
  serve,
  shortvideo,
  shortvideos,
  shortvideoss,
  sjpxs,
  storewindes,
  strawBag,
  stroll,
  sttj,
  summit,
  superHot,
  talk,
  timing,
  train,
  tttm,
  twmss,
  twyxTbzh,
  tzyxZzc,
  visual,
  wow,
  wowback,
  yljzt,
  zhyxs,
  zxjy,
];

const key = (path: string) => path.replace(/\/+$/, "").toLowerCase();
const byPath = new Map(LANDING_PAGES.map((p) => [key(p.path), p]));

/** The definition for a request path (React Router matches paths case-insensitively, so does this). */
export function landingFor(pathname: string): LandingPage | undefined {
  return byPath.get(key(decodeURIComponent(pathname)));
}

const travel = new Map([travelList1, travelList2].map((p) => [key(p.path), p] as const));
export function travelListFor(pathname: string): TravelListPage | undefined {
  return travel.get(key(pathname));
}

export const ARTICLE_LIST: ArticleListPage = articleList;
