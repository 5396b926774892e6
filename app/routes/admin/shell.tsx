import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { Outlet } from "react-router";
// antd's styles for every component in the console theme, made at build time (scripts/antd-css.ts):
// the server-rendered console is styled at first paint without inline style tags.
import consoleCss from "../../generated/antd-console.css?url";
import { CONSOLE_THEME } from "../../ui/antd-theme";
import { NO_STORE } from "./api";
import "./admin.css";

dayjs.locale("zh-cn");

export function links() {
  return [{ rel: "stylesheet", href: consoleCss }];
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return [{ title: "编辑后台 - 电商报" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Every console screen (sign-in, setup and the signed-in pages) inside one antd provider. */
export default function ConsoleShell() {
  return (
    <ConfigProvider locale={zhCN} theme={CONSOLE_THEME}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
