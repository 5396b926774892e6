import type { Socket } from "node:net";

/** What Node's HTTP parser refuses before any handler runs, by its error code: status and the Chinese reason. */
const REFUSALS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "请求的地址或请求头过长，请缩短后重试"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "请求超时，请重试"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Content Too Large", "请求内容过大"],
};
const BAD_REQUEST: [number, string, string] = [400, "Bad Request", "请求格式不正确"];

/**
 * The answer to a request Node's HTTP parser could not read (the server's `clientError`): the
 * status Node would send (431 for an address or headers over the limit, 408, 400), with a Chinese
 * reason instead of an empty body. A connection already gone gets nothing.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] = REFUSALS[err.code ?? ""] ?? BAD_REQUEST;
  const body = Buffer.from(message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body.toString()}`,
  );
}
