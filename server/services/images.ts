import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import type { Metadata } from "sharp";
import { lazily } from "../lazily";
import { AppError } from "./errors";

const sharp = lazily<typeof import("sharp").default>("sharp");

export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The widths the site shows each kind of picture at (1x and 2x where it matters): article covers
 * are 240 CSS px wide in lists and up to 480 in cards; the top carousel is 1200 wide; ad banners
 * 600; partner logos 120; activity pictures 240; travel items 100; pictures inside a body 760.
 */
export const IMAGE_KINDS = {
  cover: [480, 960],
  banner: [1200, 2400],
  ad: [600, 1200],
  partner: [240],
  activity: [480, 960],
  travel: [200, 400],
  body: [960],
} as const;
export type ImageKind = keyof typeof IMAGE_KINDS;

export interface StoredImage {
  /** the picture to store in the row: the first width, JPEG (PNG for logos with transparency) */
  url: string;
  /** every file written: each width as JPEG/PNG and WebP */
  variants: { width: number; format: "jpeg" | "png" | "webp"; url: string }[];
}

/**
 * Checks an upload by its bytes (JPEG, PNG or WebP), applies the EXIF rotation and drops the
 * metadata (GPS positions), and writes each width as JPEG (or PNG when a logo has transparency)
 * and WebP under uploads/<kind>/ with a random name: <name>-<width>.<ext>.
 */
export async function storeImage(
  uploadsDir: string,
  kind: ImageKind,
  bytes: Uint8Array,
  /** the largest picture taken: IMAGE_MAX_BYTES for uploads; pictures fetched from a body's addresses have their own */
  maxBytes = IMAGE_MAX_BYTES,
): Promise<StoredImage> {
  if (bytes.byteLength === 0) throw new AppError(400, "请选择要上传的图片");
  if (bytes.byteLength > maxBytes)
    throw new AppError(400, `图片不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !["image/jpeg", "image/png", "image/webp"].includes(type.mime)) {
    throw new AppError(400, "仅支持 JPG、PNG、WebP 格式的图片");
  }
  let meta: Metadata;
  try {
    meta = await sharp()(bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new AppError(400, "图片已损坏，无法读取");
  }
  const keepAlpha = kind === "partner" && meta.hasAlpha === true;
  const dir = path.join(uploadsDir, kind);
  await fs.mkdir(dir, { recursive: true });
  const name = crypto.randomBytes(12).toString("hex");
  const variants: StoredImage["variants"] = [];
  try {
    for (const width of IMAGE_KINDS[kind]) {
      const base = sharp()(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      const main = keepAlpha
        ? {
            buf: await base.clone().png({ compressionLevel: 9 }).toBuffer(),
            ext: "png",
            format: "png" as const,
          }
        : {
            buf: await base
              .clone()
              .flatten({ background: "#ffffff" })
              .jpeg({ quality: 82, mozjpeg: true })
              .toBuffer(),
            ext: "jpg",
            format: "jpeg" as const,
          };
      const webp = await base.clone().webp({ quality: 80 }).toBuffer();
      const mainFile = `${name}-${width}.${main.ext}`;
      const webpFile = `${name}-${width}.webp`;
      await fs.writeFile(path.join(dir, mainFile), main.buf, { flag: "wx" });
      await fs.writeFile(path.join(dir, webpFile), webp, { flag: "wx" });
      variants.push({ width, format: main.format, url: `/uploads/${kind}/${mainFile}` });
      variants.push({ width, format: "webp", url: `/uploads/${kind}/${webpFile}` });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(400, "图片已损坏，无法读取");
  }
  return { url: variants[0]!.url, variants };
}
