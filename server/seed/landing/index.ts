import type { LandingPage } from "../../../contract/landing";
import { page as aboutus } from "./aboutus";
import { page as accompany } from "./accompany";
import { page as alimama11list } from "./alimama-11list";
import { page as allproducts } from "./allproducts";
import { page as foodie } from "./foodie";
import { page as hzZh } from "./hz-zh";
import { page as hzZzc } from "./hz-zzc";
import { page as kdmj } from "./kdmj";
import { page as kuang } from "./kuang";
import { page as linkage } from "./linkage";
import { page as live } from "./live";
import { page as mini } from "./mini";
import { page as newispower } from "./newispower";
import { page as newispowerReview } from "./newispower-review";
import { page as nrst } from "./nrst";
import { page as nryx } from "./nryx";
import { page as pyramid } from "./pyramid";
import { page as remould } from "./remould";
import { page as remouldback } from "./remouldback";
import { page as serve } from "./serve";
import { page as shortvideo } from "./shortvideo";
import { page as shortvideos } from "./shortvideos";
import { page as shortvideoss } from "./shortvideoss";
import { page as sjpxs } from "./sjpxs";
import { page as storewindes } from "./storewindes";
import { page as strawBag } from "./strawBag";
import { page as stroll } from "./stroll";
import { page as sttj } from "./sttj";
import { page as summit } from "./summit";
import { page as superHot } from "./superHot";
import { page as talk } from "./talk";
import { page as timing } from "./timing";
import { page as train } from "./train";
import { page as tttm } from "./tttm";
import { page as twmss } from "./twmss";
import { page as twyxTbzh } from "./twyx-tbzh";
import { page as tzyxZzc } from "./tzyx-zzc";
import { page as visual } from "./visual";
import { page as wow } from "./wow";
import { page as wowback } from "./wowback";
import { page as yingxiao } from "./yingxiao";
import { page as yljzt } from "./yljzt";
import { page as zhyxs } from "./zhyxs";
import { page as zxjy } from "./zxjy";

/**
 * The landing pages a new site starts with (docs/product.md §2), as data: migration 016 inserts them,
 * published, into landing_pages; editors change them in the console from then on. The pictures they
 * name are drawn by scripts/generate-landing-media.ts. Server-only: nothing here is in the client bundle.
 */
export const LANDING_SEED: LandingPage[] = [
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
  newispower,
  newispowerReview,
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
  yingxiao,
  yljzt,
  zhyxs,
  zxjy,
  live,
];
