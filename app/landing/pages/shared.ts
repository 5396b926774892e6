import { SITE_NAME, SITE_SLOGAN } from "../../root";
import type { Pic } from "../types";

/** docs/product.md §2: landing routes without a title of their own show the site name and slogan. */
export const SLOGAN_TITLE = `${SITE_NAME} - ${SITE_SLOGAN}`;

/** A picture of ours: /landing/<folder>/<name>.svg, drawn by scripts/generate-landing-media.ts. */
export const pic = (
  folder: string,
  name: string,
  alt: string,
  w: number,
  h: number,
  art: Pic["art"] = "poster",
  sub?: string,
): Pic => ({ src: `/landing/${folder}/${name}.svg`, alt, w, h, art, ...(sub ? { sub } : {}) });
