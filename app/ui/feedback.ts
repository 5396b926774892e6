/**
 * Messages and the confirmation dialog of visitor pages: antd's, loaded on first use (or warmed by
 * `preloadFeedback` when a visitor starts filling a form), never part of the first screen.
 */
import type { ConfirmOptions } from "./antd-feedback";

type Feedback = typeof import("./antd-feedback");

let loading: Promise<Feedback> | null = null;

export function preloadFeedback(): Promise<Feedback> {
  loading ??= import("./antd-feedback").catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

type Kind = "success" | "error" | "warning" | "info";

function show(kind: Kind, text: string) {
  preloadFeedback().then(
    (m) => void m.message[kind](text),
    // Without the chunk (offline after the page loaded) the visitor still gets the words.
    () => window.alert(text),
  );
}

export const toast = {
  success: (text: string) => show("success", text),
  error: (text: string) => show("error", text),
  warning: (text: string) => show("warning", text),
  info: (text: string) => show("info", text),
};

/** antd's confirm dialog (`Modal.confirm`), with the OK button focused. */
export function confirm(opts: ConfirmOptions) {
  preloadFeedback().then(
    (m) => m.confirm(opts),
    () => {
      if (window.confirm(`${opts.title}\n${opts.content}`)) void opts.onOk();
      else opts.onCancel();
    },
  );
}
