import { ConfigProvider, Modal, message } from "antd";
import zhCN from "antd/locale/zh_CN";
import "../generated/antd-visitor.css";
import { VISITOR_THEME } from "./antd-theme";

/**
 * The lazily loaded half of app/ui/feedback.ts. antd runs here without its style runtime
 * (zeroRuntime): the styles come from antd-visitor.css, made at build time, which this chunk links.
 */
export const ZERO_RUNTIME_THEME = { ...VISITOR_THEME, zeroRuntime: true };

ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={ZERO_RUNTIME_THEME} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  ),
});

export { message };

/** What the confirmation dialog asks (app/ui/feedback.ts passes it on). */
export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => Promise<void>;
  onCancel: () => void;
}

export function confirm(opts: ConfirmOptions) {
  Modal.confirm({ ...opts, autoFocusButton: "ok" });
}
