import type { ThemeConfig } from "antd";

/**
 * antd themes built from the docs/visual.md tokens (the same values as the CSS variables in app.css).
 * scripts/antd-css.ts renders antd's styles with these once at build time into static stylesheets;
 * the components then run without their style runtime on visitor pages (zeroRuntime) and with
 * their styles already in place on the console's first paint. The fixed CSS-variable key and
 * `hashed: false` make the class names the same at build time and in the browser.
 */
const FONT =
  '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif';

/** Visitor pages (sign-up, MCN): the lazily loaded dialogs, messages and the upload control. */
export const VISITOR_THEME: ThemeConfig = {
  hashed: false,
  cssVar: { key: "dsb" },
  token: {
    colorPrimary: "#E8380D",
    colorText: "#1F2329",
    colorTextSecondary: "#646A73",
    colorTextDescription: "#646A73",
    colorBorder: "#E5E6EB",
    borderRadius: 4,
    fontFamily: FONT,
  },
};

/** The editors' console. */
export const CONSOLE_THEME: ThemeConfig = {
  hashed: false,
  cssVar: { key: "dsb-console" },
  token: {
    colorPrimary: "#E8380D",
    colorLink: "#E8380D",
    colorText: "#1F2329",
    colorTextSecondary: "#646A73",
    colorBorder: "#E5E6EB",
    colorBgLayout: "#F5F6F7",
    borderRadius: 4,
    fontFamily: FONT,
  },
};
