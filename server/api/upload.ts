import { z } from "zod";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "../../contract/mcn";
import { UPLOAD_LIMIT } from "../entities/leads";
import { MULTIPART_ROOM_BYTES } from "../http/body-limit";
import { AppError } from "../services/errors";
import { endpoint, resultOf } from "./endpoint";

/**
 * One picture in the multipart field `file` (JPEG, PNG or WebP by content, ≤ 5 MB), stored privately
 * under DATA_DIR/private/mcn/ with a random name; data.result is the path that names it
 * (/uploads/mcn/<name>, answered by nothing public: server/services/id-copies.ts). The rate limit is
 * counted and the body capped (5 MB and the multipart framing, 413 past it) before it is read.
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
    limit: UPLOAD_LIMIT,
    maxBodyBytes: UPLOAD_MAX_BYTES + MULTIPART_ROOM_BYTES,
    tooLarge: UPLOAD_MESSAGES.tooLarge,
    response: resultOf(z.string()),
    handler: async (_q, services, c) => {
      const type = c.req.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("multipart/form-data")) {
        throw new AppError(400, `${UPLOAD_MESSAGES.missing}（以 multipart/form-data 的 file 字段上传）`);
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new AppError(400, UPLOAD_MESSAGES.missing);
      }
      const file = form.get("file");
      if (!file || typeof file === "string") throw new AppError(400, UPLOAD_MESSAGES.missing);
      if (file.size > UPLOAD_MAX_BYTES) throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
      return { result: await services.mcn.storePicture(new Uint8Array(await file.arrayBuffer())) };
    },
  }),
];
