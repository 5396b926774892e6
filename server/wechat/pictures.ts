import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import type { Metadata } from "sharp";
import { WECHAT_LIMITS } from "../../contract/wechat";
import { lazily } from "../lazily";
import { FetchRefused, fetchRemoteImage } from "../services/remote-fetch";

const sharp = lazily<typeof import("sharp").default>("sharp");

/**
 * Pictures for the 公众号 (docs/product.md, "WeChat sync"): WeChat takes body pictures as JPEG or
 * PNG under 1 MB (no WebP, GIF or SVG) and a cover as a JPEG of at most 64 KB. sharp converts
 * what it must; a JPEG or PNG already small enough is sent as it is.
 */

/** Read no picture larger than this from the uploads or another site. */
const SOURCE_MAX_BYTES = 20 * 1024 * 1024;
const PIXELS = 50_000_000;
/** Widest a body picture is sent: a phone shows it at about 375 CSS px, at most three device pixels each. */
const BODY_MAX_WIDTH = 1280;

export interface Prepared {
  bytes: Buffer;
  mime: "image/jpeg" | "image/png";
  ext: "jpg" | "png";
}

export class PictureError extends Error {}

/** The bytes of a picture the article shows: a site upload from disk, another site's over HTTP. */
export async function loadPicture(
  src: string,
  opts: { uploadsDir: string; publicUrl?: string; allowLoopback?: boolean; timeoutMs?: number },
): Promise<Buffer> {
  let sitePath: string | null = null;
  if (src.startsWith("/") && !src.startsWith("//")) sitePath = src;
  else if (opts.publicUrl && src.startsWith(`${new URL(opts.publicUrl).origin}/`))
    sitePath = src.slice(new URL(opts.publicUrl).origin.length);
  if (sitePath !== null) {
    const clean = decodeURIComponent(sitePath.split(/[?#]/)[0]!);
    if (!clean.startsWith("/uploads/")) throw new PictureError(`图片不在本站的上传目录中：${src}`);
    const root = path.resolve(opts.uploadsDir);
    const file = path.resolve(root, `.${clean.slice("/uploads".length)}`);
    if (!file.startsWith(root + path.sep) || file.includes(`${path.sep}mcn${path.sep}`))
      throw new PictureError(`图片地址无效：${src}`);
    try {
      const stat = await fs.stat(file);
      if (stat.size > SOURCE_MAX_BYTES) throw new PictureError(`图片超过 20 MB：${src}`);
      return await fs.readFile(file);
    } catch (err) {
      if (err instanceof PictureError) throw err;
      throw new PictureError(`图片文件不存在：${src}`);
    }
  }
  try {
    const bytes = await fetchRemoteImage(src, {
      maxBytes: SOURCE_MAX_BYTES,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      allowLoopback: opts.allowLoopback,
    });
    return Buffer.from(bytes);
  } catch (err) {
    if (err instanceof FetchRefused) throw new PictureError(`图片无法下载（${err.reason}）：${src}`);
    throw err;
  }
}

async function decodable(bytes: Buffer): Promise<Metadata> {
  try {
    return await sharp()(bytes, { limitInputPixels: PIXELS }).metadata();
  } catch {
    throw new PictureError("图片已损坏或格式无法识别");
  }
}

/** A body picture as WeChat takes it: JPEG or PNG under 1 MB. */
export async function bodyPicture(
  bytes: Buffer,
  maxBytes = WECHAT_LIMITS.bodyPictureBytes - 1,
): Promise<Prepared> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === "image/jpeg" && bytes.length <= maxBytes)
    return { bytes, mime: "image/jpeg", ext: "jpg" };
  if (type?.mime === "image/png" && bytes.length <= maxBytes) return { bytes, mime: "image/png", ext: "png" };
  const meta = await decodable(bytes);
  const base = () =>
    sharp()(bytes, { limitInputPixels: PIXELS, animated: false })
      .rotate()
      .resize({ width: BODY_MAX_WIDTH, withoutEnlargement: true });
  // Transparency (a logo, a chart) stays PNG when that fits; everything else is a JPEG.
  if (meta.hasAlpha) {
    const png = await base().png({ compressionLevel: 9, palette: true }).toBuffer();
    if (png.length <= maxBytes) return { bytes: png, mime: "image/png", ext: "png" };
  }
  // Decoded, turned and scaled once; each JPEG quality and width below starts from these pixels.
  const { data, info } = await base()
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  for (const width of [BODY_MAX_WIDTH, 1080, 960, 720, 540]) {
    if (width < BODY_MAX_WIDTH && width >= info.width) continue;
    for (const quality of [85, 75, 65, 55]) {
      // libjpeg-turbo, not mozjpeg: a few percent larger, several times faster (bench/README.md, "WeChat sync").
      const jpeg = await sharp()(data, raw)
        .resize({ width, withoutEnlargement: true })
        .jpeg({ quality })
        .toBuffer();
      if (jpeg.length <= maxBytes) return { bytes: jpeg, mime: "image/jpeg", ext: "jpg" };
    }
  }
  throw new PictureError("图片无法压缩到 1 MB 以内");
}

/** The cover as a permanent thumb: a JPEG of at most 64 KB. */
export async function coverThumb(bytes: Buffer, maxBytes = WECHAT_LIMITS.thumbBytes): Promise<Buffer> {
  await decodable(bytes);
  for (const width of [900, 720, 600, 480, 360]) {
    for (const quality of [80, 70, 60, 50, 40]) {
      const jpeg = await sharp()(bytes, { limitInputPixels: PIXELS, animated: false })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer();
      if (jpeg.length <= maxBytes) return jpeg;
    }
  }
  throw new PictureError("封面图无法压缩到 64 KB 以内");
}
