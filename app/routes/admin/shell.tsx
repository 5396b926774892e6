import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { Outlet } from "react-router";
import { NO_STORE } from "./api";
import "./admin.css";

dayjs.locale("zh-cn");

/** Tokens of VISUAL.md, as antd theme tokens. */
const THEME = {
  token: {
    colorPrimary: "#E8380D",
    colorLink: "#E8380D",
    colorText: "#1F2329",
    colorTextSecondary: "#646A73",
    colorBorder: "#E5E6EB",
    colorBgLayout: "#F5F6F7",
    borderRadius: 4,
    fontFamily:
      '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
  },
};

export function headers() {
  return NO_STORE;
}

export function meta() {
  return [{ title: "编辑后台 - 电商报" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Every console screen (sign-in, setup and the signed-in pages) inside one antd provider. */
export default function ConsoleShell() {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
