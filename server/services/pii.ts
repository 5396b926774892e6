import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parsePiiKey } from "../config/values";

/**
 * Personal data at rest (PIPL): ID numbers are encrypted with AES-256-GCM under one 32-byte key,
 * PII_KEY from the environment or, when unset, a key generated once into DATA_DIR/pii.key (mode 0600).
 * Several instances must share PII_KEY; the generated file suits one machine.
 */

export const PII_KEY_FILE = "pii.key";

/** PII_KEY, or the key file in DATA_DIR, created on first start without a window where it is readable. */
export function loadPiiKey(opts: { piiKey?: string; dataDir: string }): {
  key: Buffer;
  source: "env" | "file";
} {
  if (opts.piiKey) {
    const key = parsePiiKey(opts.piiKey);
    if (!key) throw new Error("PII_KEY must be 32 bytes: 64 hex characters or base64");
    return { key, source: "env" };
  }
  const file = path.join(opts.dataDir, PII_KEY_FILE);
  const read = () => {
    const key = parsePiiKey(fs.readFileSync(file, "utf8"));
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    return { key, source: "file" as const };
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(opts.dataDir, { recursive: true });
  // Written whole to a private temporary file, then linked into place: a concurrent first start
  // either wins the link or reads the winner's complete file.
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, `${crypto.randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return read();
}

const VERSION = "v1";

export function createPii(key: Buffer) {
  if (key.length !== 32) throw new Error("the PII key must be 32 bytes");
  /** Separate keys for separate purposes, derived from the one secret. */
  const derive = (purpose: string) =>
    Buffer.from(crypto.hkdfSync("sha256", key, Buffer.alloc(0), `dianshang-news:${purpose}`, 32));
  const encKey = derive("encrypt");
  const macKey = derive("mac");
  const keyId = crypto.createHash("sha256").update(encKey).digest("hex").slice(0, 8);

  return {
    keyId,
    derive,
    /** "v1:<key id>:<base64 of iv | tag | ciphertext>" */
    encrypt(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", encKey, iv);
      const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}:${keyId}:${Buffer.concat([iv, tag, ct]).toString("base64")}`;
    },
    /** Throws when the text was not produced under this key or was altered. */
    decrypt(text: string): string {
      const [version, kid, body] = text.split(":");
      if (version !== VERSION || !body) throw new Error("not an encrypted value");
      if (kid !== keyId) throw new Error("encrypted under another key");
      const raw = Buffer.from(body, "base64");
      const decipher = crypto.createDecipheriv("aes-256-gcm", encKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
    /** A keyed digest: compares personal data without storing it or a guessable plain hash. */
    mac(data: string): string {
      return crypto.createHmac("sha256", macKey).update(data).digest("hex");
    },
  };
}

export type Pii = ReturnType<typeof createPii>;

/** 110***********002X: the first 3 and the last 4 characters kept. */
export function maskIdCard(id: string): string {
  const s = id.trim();
  if (s.length < 8) return "*".repeat(s.length);
  return `${s.slice(0, 3)}${"*".repeat(s.length - 7)}${s.slice(-4)}`;
}

/** 138****5678 */
export function maskMobile(m: string): string {
  const s = m.trim();
  if (s.length < 7) return "*".repeat(s.length);
  return `${s.slice(0, 3)}****${s.slice(-4)}`;
}

/** 张* / 张** : the first character only. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return "";
  return chars[0] + "*".repeat(Math.max(1, chars.length - 1));
}
