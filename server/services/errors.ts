/** An error a visitor may read: HTTP status and a Chinese message. Anything else is our fault (500). */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503 | 507,
    message: string,
    /** what the answer carries besides the message (a 409's other version, say) */
    readonly data: unknown = null,
    /** headers the answer carries (Retry-After of a 429, say) */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, `${what}不存在`);
