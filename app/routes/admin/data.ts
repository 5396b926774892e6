import { App, type FormInstance } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { useApi, useShowApiError } from "./api";

// A console screen's reads and changes, each with the messages the editor sees.

/**
 * `GET path`, read against `answer`, when the screen opens and whenever the path changes; `reload`
 * reads it again. `onLoad` gets each answer before the screen shows it (a form to fill, say, so that
 * its fields mount with their values). A failure shows the server's message and leaves what is on
 * screen. `answer` keeps its identity between renders (a module constant), or the path would be read
 * on every render.
 */
export function useApiGet<S extends z.ZodType>(path: string, answer: S, onLoad?: (data: z.infer<S>) => void) {
  const api = useApi();
  const showApiError = useShowApiError();
  const [data, setData] = useState<z.infer<S> | null>(null);
  const [loading, setLoading] = useState(false);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const loaded = await api("GET", path, undefined, answer);
      onLoadRef.current?.(loaded);
      setData(loaded);
    } catch (err) {
      showApiError(err);
    } finally {
      setLoading(false);
    }
  }, [api, path, answer, showApiError]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, reload };
}

/**
 * Console changes with their messages: `change(run, done)` runs one, shows `done` (when given) once
 * it succeeds or the server's message when it fails, and resolves to whether it succeeded. `busy`
 * is true while a change runs.
 */
export function useApiChange() {
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [busy, setBusy] = useState(false);
  const change = useCallback(
    async (run: () => Promise<unknown>, done?: string): Promise<boolean> => {
      setBusy(true);
      try {
        await run();
        if (done) message.success(done);
        return true;
      } catch (err) {
        showApiError(err);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [message, showApiError],
  );
  return { busy, change };
}

/** The form's values once every rule passes; null when one fails (the form shows its messages). */
export async function checkedValues(form: FormInstance): Promise<Record<string, unknown> | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
