import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMPORT_MESSAGES } from "../../contract/imports";
import { AppError } from "../services/errors";

/**
 * An uploaded export, streamed into `dir` as it arrives (docs/product.md, "Import"): refused at once
 * when its declared size is over `maxBytes` or the disk lacks the room, and stopped (the partial file
 * removed) as soon as more than `maxBytes` arrives. Resolves to the file written and its size.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | Readable | null,
  o: { dir: string; maxBytes: number; declaredBytes?: number },
): Promise<{ file: string; bytes: number }> {
  const { dir, maxBytes } = o;
  if (o.declaredBytes !== undefined && o.declaredBytes > maxBytes)
    throw new AppError(413, IMPORT_MESSAGES.tooLarge);
  if (!body) throw new AppError(400, IMPORT_MESSAGES.empty);
  await fsp.mkdir(dir, { recursive: true });
  if (o.declaredBytes !== undefined) {
    const free = await fsp.statfs(dir).then(
      (s) => Number(s.bavail) * Number(s.bsize),
      () => Number.POSITIVE_INFINITY,
    );
    if (free < o.declaredBytes + 64 * 1024 * 1024) throw new AppError(507, IMPORT_MESSAGES.noRoom);
  }
  const file = path.join(dir, `${crypto.randomBytes(12).toString("hex")}.xml`);
  let bytes = 0;
  const source = body instanceof Readable ? body : Readable.fromWeb(body as never);
  const counted = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new AppError(413, IMPORT_MESSAGES.tooLarge);
      yield chunk;
    }
  };
  try {
    await pipeline(source, counted, fs.createWriteStream(file, { flags: "wx" }));
  } catch (err) {
    await fsp.rm(file, { force: true });
    source.destroy();
    if (err instanceof AppError) throw err;
    if ((err as NodeJS.ErrnoException).code === "ENOSPC") throw new AppError(507, IMPORT_MESSAGES.noRoom);
    throw new AppError(400, IMPORT_MESSAGES.interrupted);
  }
  if (bytes === 0) {
    await fsp.rm(file, { force: true });
    throw new AppError(400, IMPORT_MESSAGES.empty);
  }
  return { file, bytes };
}
