/**
 * The travel shopping lists by path. Server-only: the route loader hands the list of the requested
 * path to the page, so the definitions never enter the client bundle.
 */
import { page as travelList1 } from "./pages/travel-list1";
import { page as travelList2 } from "./pages/travel-list2";
import type { TravelListPage } from "./types";

const key = (path: string) => path.replace(/\/+$/, "").toLowerCase();
const travel = new Map([travelList1, travelList2].map((p) => [key(p.path), p] as const));

export function travelListFor(pathname: string): TravelListPage | undefined {
  return travel.get(key(pathname));
}
