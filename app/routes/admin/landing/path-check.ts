import { useEffect, useState } from "react";
import { fieldError } from "../../../../contract/field-error";
import { LandingPageSchema } from "../../../../contract/landing";
import { LandingPathCheckSchema } from "../../../../contract/landing-admin";
import { useApi } from "../api";

/** How long typing must pause before the server is asked about a path. */
export const PATH_CHECK_DELAY_MS = 300;

export type PathCheck =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "ok" }
  | { state: "refused"; message: string };

/**
 * A landing page's path checked as it is typed: its form at once (the contract's schema), then,
 * once typing pauses, the server's checks a save would make (reserved paths, another page's path,
 * a redirect) without saving. `id`: the page being edited (its own path is no clash).
 */
export function usePathCheck(path: string | undefined, id?: number): PathCheck {
  const api = useApi();
  const [check, setCheck] = useState<PathCheck>({ state: "idle" });
  useEffect(() => {
    if (!path) return setCheck({ state: "idle" });
    const formError = fieldError(LandingPageSchema.shape.path, path);
    if (formError) return setCheck({ state: "refused", message: formError });
    setCheck({ state: "checking" });
    let current = true;
    const timer = window.setTimeout(() => {
      const q = new URLSearchParams({ path, ...(id ? { id: String(id) } : {}) });
      api("GET", `/api/admin/landing-pages/path-check?${q}`, undefined, LandingPathCheckSchema)
        .then((r) => {
          if (current)
            setCheck(r.ok ? { state: "ok" } : { state: "refused", message: r.message ?? "该路径不可用" });
        })
        // the save checks again: a check that could not be made says nothing
        .catch(() => current && setCheck({ state: "idle" }));
    }, PATH_CHECK_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [api, path, id]);
  return check;
}

/** A Form.Item's feedback for a path check. */
export function pathFeedback(check: PathCheck) {
  switch (check.state) {
    case "checking":
      return { validateStatus: "validating" as const, help: "正在检查路径…" };
    case "ok":
      return { validateStatus: "success" as const, help: "路径可用" };
    case "refused":
      return { validateStatus: "error" as const, help: check.message };
    default:
      return {};
  }
}
