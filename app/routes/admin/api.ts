import { App, type FormRule } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { z } from "zod";
import type { AdminUser } from "../../../contract/admin";
import { formFieldError } from "../../../contract/field-error";
import { replyOf } from "../../api/client";

export const LAYOUT_ID = "routes/admin/layout";

export interface ConsoleSession {
  user: AdminUser;
  csrfToken: string;
}

/** The signed-in user and the CSRF token, from the console layout's loader. */
export function useConsoleSession(): ConsoleSession {
  const data = useRouteLoaderData(LAYOUT_ID) as ConsoleSession | undefined;
  if (!data) throw new Error("console pages render inside the console layout");
  return data;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** what a refusal carries besides its message (a 409's other version, say) */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * The words an editor reads for a failed call: the server's Chinese message (an ApiError carries the
 * envelope's), or a general one when something without a message was thrown.
 */
export function apiErrorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : "操作失败，请稍后重试";
}

/**
 * The console's one way to show a failed call: `catch (err) { showApiError(err) }` or
 * `.catch(showApiError)` shows apiErrorText(err) as an error message.
 */
export function useShowApiError(): (err: unknown) => void {
  const { message } = App.useApp();
  return useCallback((err: unknown) => void message.error(apiErrorText(err)), [message]);
}

const ANYTHING = z.unknown();

/** fetch for /api/admin: JSON in, the CSRF token on every change, the 401 redirect. */
async function request(csrfToken: string, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (method !== "GET") headers["x-csrf-token"] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "网络异常，请检查网络后重试");
  }
  // A session that ended sends the editor to sign in again (not a wrong password on the sign-in page).
  if (res.status === 401 && typeof window !== "undefined" && !/^\/api\/admin\/(login|setup)$/.test(path)) {
    window.location.assign(`/admin/login?next=${encodeURIComponent(window.location.pathname)}`);
  }
  return res;
}

/**
 * A console call: the answer is read through the envelope and checked against its schema
 * (contract/answers.ts); anything else is an ApiError with the server's Chinese message.
 */
export async function callApi<S extends z.ZodType>(
  csrfToken: string,
  method: string,
  path: string,
  body: unknown,
  answer: S,
): Promise<z.infer<S>> {
  const res = await request(csrfToken, method, path, body);
  const json = (await res.json().catch(() => null)) as unknown;
  const reply = replyOf(res.status, json, answer);
  if (reply.kind === "ok") return reply.data;
  const data = json && typeof json === "object" && "data" in json ? json.data : null;
  throw new ApiError(
    res.status,
    (reply.kind === "failed" && reply.message) || `请求失败（${res.status}）`,
    data,
  );
}

/** The console's API client, bound to this session's CSRF token. */
export interface Api {
  /** a change whose answer the screen does not read */
  (method: string, path: string, body?: unknown): Promise<unknown>;
  /** a call whose answer the screen reads, checked against its schema */
  <S extends z.ZodType>(method: string, path: string, body: unknown, answer: S): Promise<z.infer<S>>;
}

export function useApi(): Api {
  const { csrfToken } = useConsoleSession();
  return useCallback(
    (method: string, path: string, body?: unknown, answer: z.ZodType = ANYTHING) =>
      callApi(csrfToken, method, path, body, answer),
    [csrfToken],
  ) as Api;
}

/** A CSV export: the file, or an ApiError with the server's message. */
export function useDownload() {
  const { csrfToken } = useConsoleSession();
  return useCallback(
    async (path: string, body: unknown): Promise<Blob> => {
      const res = await request(csrfToken, "POST", path, body);
      if (res.ok && (res.headers.get("content-type") ?? "").startsWith("text/csv")) return res.blob();
      const reply = replyOf(res.status, await res.json().catch(() => null), ANYTHING);
      throw new ApiError(
        res.status,
        (reply.kind === "failed" && reply.message) || `请求失败（${res.status}）`,
      );
    },
    [csrfToken],
  );
}

/**
 * antd rules from a contract schema: the form shows exactly the server's messages. (Mark a field
 * required with Form.Item's own `required` prop: antd's required rule would answer its own text.)
 */
export function zodRule(schema: z.ZodObject, field: string): FormRule[] {
  return [
    {
      validator: (_r, value) => {
        const message = formFieldError(schema, field, value);
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

/** Saves a Blob (a CSV export) under a file name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 2024-05-11 14:03 in the editor's own time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export const yuan = (n: number) =>
  `¥${n.toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Cache-Control of every console page: personal, never stored. */
export const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** False during server rendering and hydration: submit buttons wait for it, so no form is sent natively. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
