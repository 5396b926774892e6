import QRCode from "qrcode";
import { data } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import type { Route } from "./+types/qrcode";
import { originOf } from "./feeds.server";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { query: ["path"], tags: () => [] } };

/**
 * /qrcode.svg?path=/articledetail/12: a QR code of a page of this site (only this site's pages, so it
 * is no open QR service), drawn on the server: the WeChat share code and the footer codes need no script.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const path = url.searchParams.get("path") ?? "/";
  if (!path.startsWith("/") || path.startsWith("//") || path.length > 300) {
    throw data("Bad path", { status: 400 });
  }
  const svg = await QRCode.toString(originOf(context) + path, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 1,
    color: { dark: "#1F2329", light: "#FFFFFF" },
  });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400, s-maxage=3600",
    },
  });
}
