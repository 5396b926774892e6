import { z } from "zod";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "../../contract/mcn";
import { UPLOAD_LIMIT } from "../entities/leads";
import { requestIpHash } from "../http/client-ip";
import { AppError } from "../services/errors";
import { endpoint, resultOf } from "./endpoint";

/** Room for the multipart boundaries and part headers around a picture of the largest size. */
const MAX_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/** The request body, or null as soon as it grows past `limit` (the rest is never buffered). */
async function readLimited(req: Request, limit: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * One picture in the multipart field `file` (JPEG, PNG or WebP by content, ≤ 5 MB), stored privately
 * under DATA_DIR/private/mcn/ with a random name; data.result is the path that names it
 * (/uploads/mcn/<name>, answered by nothing public: server/services/id-copies.ts). The body is read
 * here, with a size limit, rather than buffered by the registry.
 */
export const uploadEndpoints = [
  endpoint({
    method: "post",
    path: "/api/upload",
    tag: "MCN",
    summary: "Upload a picture for a lead form (multipart field file, JPEG/PNG/WebP, ≤ 5 MB)",
    description: "data.result is the picture's path, to send as idCopyPic.",
    rawBody: true,
    cache: false,
    response: resultOf(z.string()),
    handler: async (_q, services, c) => {
      const { config } = services;
      await services.limits.consume(UPLOAD_LIMIT, requestIpHash(c, config));
      const type = c.req.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("multipart/form-data")) {
        throw new AppError(400, `${UPLOAD_MESSAGES.missing}（以 multipart/form-data 的 file 字段上传）`);
      }
      const declared = Number(c.req.header("content-length") ?? "0");
      if (declared > MAX_BODY_BYTES) throw new AppError(400, UPLOAD_MESSAGES.tooLarge);
      let body: Uint8Array | null;
      try {
        body = await readLimited(c.req.raw, MAX_BODY_BYTES);
      } catch {
        throw new AppError(400, UPLOAD_MESSAGES.failure);
      }
      if (!body) throw new AppError(400, UPLOAD_MESSAGES.tooLarge);
      let form: FormData;
      try {
        form = await new Response(body as Uint8Array<ArrayBuffer>, {
          headers: { "content-type": type },
        }).formData();
      } catch {
        throw new AppError(400, UPLOAD_MESSAGES.missing);
      }
      const file = form.get("file");
      if (!file || typeof file === "string") throw new AppError(400, UPLOAD_MESSAGES.missing);
      if (file.size > UPLOAD_MAX_BYTES) throw new AppError(400, UPLOAD_MESSAGES.tooLarge);
      return { result: await services.mcn.storePicture(new Uint8Array(await file.arrayBuffer())) };
    },
  }),
];
