import fs from "node:fs/promises";
import path from "node:path";
import { MCN_UPLOAD_PATH } from "../../contract/mcn";
import type { Logger } from "../logger";

/**
 * ID-card copies (PIPL) are never public: they are stored in DATA_DIR/private/mcn, outside the
 * uploads the site serves, and shown only to console users who may see leads (each view audited).
 * The path POST /api/upload answers (/uploads/mcn/<random>.<ext>) stays the lead's reference to
 * its picture; nothing answers it publicly.
 */
export function idCopyDir(dataDir: string): string {
  return path.join(dataDir, "private", "mcn");
}

/** The private file a lead's reference names, or null for anything that is not such a reference. */
export function idCopyFile(dataDir: string, ref: string): string | null {
  if (!MCN_UPLOAD_PATH.test(ref)) return null;
  return path.join(idCopyDir(dataDir), path.basename(ref));
}

export const ID_COPY_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

/**
 * Moves ID copies uploaded before they were private (DATA_DIR/uploads/mcn) to the private folder.
 * Runs at start-up; idempotent, and safe when several instances share DATA_DIR (a file another
 * instance moved first is skipped).
 */
export async function moveIdCopies(dataDir: string, logger?: Logger): Promise<number> {
  const from = path.join(dataDir, "uploads", "mcn");
  let names: string[];
  try {
    names = await fs.readdir(from);
  } catch {
    return 0;
  }
  const to = idCopyDir(dataDir);
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  let moved = 0;
  for (const name of names) {
    const src = path.join(from, name);
    const dest = path.join(to, name);
    try {
      await fs.rename(src, dest);
      moved++;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue;
      if (code !== "EXDEV") throw err;
      await fs.copyFile(src, dest);
      await fs.rm(src, { force: true });
      moved++;
    }
  }
  await fs.rmdir(from).catch(() => {});
  if (moved > 0) logger?.info({ moved }, "ID-card copies moved out of the public uploads");
  return moved;
}
