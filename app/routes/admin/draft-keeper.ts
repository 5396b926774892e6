import { App } from "antd";
import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/** How often unsaved changes are copied to this browser's storage. */
export const KEEP_EVERY_MS = 3000;
export const RESTORE_QUESTION = "是否恢复未保存的内容？";
export const LEAVE_QUESTION = "有未保存的修改，确定离开吗？";

/** Where an editor's unsaved changes are kept: per kind of content (article, landing) and id. */
const keyOf = (kind: string, id: string) => `console:${kind}-draft:${id}`;

interface Kept<T> {
  values: T;
  keptAt: string;
}

function read<T>(key: string): Kept<T> | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Kept<T>) : null;
  } catch {
    return null;
  }
}

/**
 * Unsaved editor changes (docs/product.md, "Autosave and leaving"): copied to localStorage every few
 * seconds under the content's kind and id ('new' for a new one), offered back when the editor opens
 * again, forgotten after a save; leaving with unsaved changes (closing the tab, or a link inside the
 * console) asks first.
 */
export function useDraftKeeper<T>(opts: { id: string; kind?: "article" | "landing"; snapshot: () => T }) {
  const { id, snapshot } = opts;
  const key = keyOf(opts.kind ?? "article", id);
  const { modal } = App.useApp();
  const dirty = useRef(false);
  const snap = useRef(snapshot);
  snap.current = snapshot;

  const keep = useCallback(() => {
    if (!dirty.current) return;
    try {
      window.localStorage.setItem(
        key,
        JSON.stringify({ values: snap.current(), keptAt: new Date().toISOString() }),
      );
    } catch {
      // storage full or disabled: nothing to keep
    }
  }, [key]);

  useEffect(() => {
    const timer = window.setInterval(keep, KEEP_EVERY_MS);
    const onHide = () => keep();
    window.addEventListener("pagehide", onHide);
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      keep();
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [keep]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    modal.confirm({
      title: LEAVE_QUESTION,
      content: "未保存的内容已暂存在本浏览器，下次打开时可以恢复。",
      okText: "离开",
      cancelText: "留下",
      onOk: () => {
        keep();
        dirty.current = false;
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, keep]);

  return {
    /** whether the form has changes not saved yet */
    unsaved: useCallback(() => dirty.current, []),
    /** the form changed by the user */
    changed: useCallback(() => {
      dirty.current = true;
    }, []),
    /** saved: nothing to keep or to ask about */
    saved: useCallback(() => {
      dirty.current = false;
      window.localStorage.removeItem(key);
    }, [key]),
    /** Once the editor shows what is stored: offers back what was kept, if anything. */
    offer: useCallback(
      (restore: (values: T) => void) => {
        const kept = read<T>(key);
        if (!kept) return;
        modal.confirm({
          title: RESTORE_QUESTION,
          content: `本浏览器暂存了 ${new Date(kept.keptAt).toLocaleString("zh-CN")} 未保存的修改。`,
          okText: "恢复",
          cancelText: "丢弃",
          onOk: () => {
            restore(kept.values);
            dirty.current = true;
          },
          onCancel: () => window.localStorage.removeItem(key),
        });
      },
      [key, modal],
    ),
  };
}
