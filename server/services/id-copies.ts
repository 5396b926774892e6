import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MCN_UPLOAD_PATH } from "../../contract/mcn";
import type { Logger } from "../logger";
import type { Pii } from "./pii";

/**
 * ID-card copies (PIPL) are never public: they are stored in DATA_DIR/private/mcn, outside the
 * uploads the site serves, and shown only to console users who may see leads (each view audited).
 * The path POST /api/upload answers (/uploads/mcn/<random>.<ext>) stays the lead's reference to
 * its picture; nothing answers it publicly. Each file is encrypted at rest (AES-256-GCM under a key
 * derived from the PII key: sealIdCopy), so no readable ID picture exists without that key, in
 * DATA_DIR or in a backup.
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

/** "DSNID1" | iv (12) | tag (16) | ciphertext: an ID copy as stored. */
const SEALED = Buffer.from("DSNID1", "latin1");

const idCopyKey = (pii: Pii) => pii.derive("id-copy");

export function isSealed(data: Uint8Array): boolean {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).subarray(0, SEALED.length).equals(SEALED);
}

/** The picture encrypted for DATA_DIR/private. */
export function sealIdCopy(pii: Pii, picture: Uint8Array): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", idCopyKey(pii), iv);
  const ct = Buffer.concat([cipher.update(picture), cipher.final()]);
  return Buffer.concat([SEALED, iv, cipher.getAuthTag(), ct]);
}

/** The picture of a stored copy; throws when it was sealed under another key or altered. */
export function openIdCopy(pii: Pii, data: Buffer): Buffer {
  if (!isSealed(data)) throw new Error("not a sealed ID copy");
  const at = SEALED.length;
  const decipher = crypto.createDecipheriv("aes-256-gcm", idCopyKey(pii), data.subarray(at, at + 12));
  decipher.setAuthTag(data.subarray(at + 12, at + 28));
  return Buffer.concat([decipher.update(data.subarray(at + 28)), decipher.final()]);
}

/**
 * Encrypts the ID copies in DATA_DIR/private/mcn still stored as plain pictures. Runs at start-up
 * after moveIdCopies; idempotent (a sealed file is left alone), each file replaced by rename.
 */
export async function sealIdCopies(dataDir: string, pii: Pii, logger?: Logger): Promise<number> {
  const dir = idCopyDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let sealed = 0;
  for (const name of names) {
    if (name.endsWith(".tmp")) continue;
    const file = path.join(dir, name);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch {
      continue; // erased meanwhile
    }
    if (isSealed(data)) continue;
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, sealIdCopy(pii, data), { mode: 0o600 });
    await fs.rename(tmp, file);
    sealed++;
  }
  if (sealed > 0) logger?.info({ sealed }, "ID-card copies encrypted at rest");
  return sealed;
}
