import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../services/errors";

/** The cap of a request body nothing else declares: JSON, form fields, page posts. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Room for the multipart boundary and part headers around a file of the largest size. */
export const MULTIPART_ROOM_BYTES = 64 * 1024;

/** `1 MB`, `5.1 MB`, `64 KB`: a cap as a person reads it. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The Chinese message of a 413 for a body over `maxBytes`. */
export const tooLargeMessage = (maxBytes: number) => `请求内容过大，不能超过 ${sizeText(maxBytes)}`;

export interface BodyCap {
  maxBytes: number;
  /** the 413's Chinese message (default: tooLargeMessage) */
  message?: string;
  /**
   * The handler streams the body (to disk) rather than reading it whole: a body without a length is
   * counted as it passes instead of being buffered up to the cap.
   */
  streamed?: boolean;
}

/**
 * Caps a request body before anything reads it, answering 413 with a Chinese message:
 *
 * - a declared Content-Length over the cap is refused at once, nothing read;
 * - a body without a length (chunked) is read up to the cap and refused as soon as it passes it
 *   (hono/body-limit), so at most the cap is held; a streamed body is counted on its way instead.
 *
 * The refusal closes the connection (`Connection: close`): the rest of the body is never read, and
 * the connection cannot be reused with it half sent.
 */
export function capBody(cap: BodyCap): MiddlewareHandler {
  const message = cap.message ?? tooLargeMessage(cap.maxBytes);
  const refuse = (c: Context): never => {
    c.header("Connection", "close");
    throw new AppError(413, message);
  };
  if (!cap.streamed) return bodyLimit({ maxSize: cap.maxBytes, onError: refuse });
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      // Node's parser stops a body at its declared length: checking the header is enough.
      if (Number(declared) > cap.maxBytes) refuse(c);
      return next();
    }
    let total = 0;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          total += chunk.byteLength;
          if (total > cap.maxBytes) {
            c.header("Connection", "close");
            controller.error(new AppError(413, message));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    return next();
  };
}
