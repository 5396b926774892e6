import {
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LogoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  ShopOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { Button, Layout, Menu, type MenuProps, Tag } from "antd";
import { useState } from "react";
import { Link, Outlet, redirect, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { ROLE_LABELS } from "../../../contract/admin";
import { CONSOLE_RESOURCE_LIST, type ConsoleResource } from "../../../contract/resources";
import type { Route } from "./+types/layout";
import { callApi, NO_STORE, useShowApiError } from "./api";

export function headers() {
  return NO_STORE;
}

/** Signed-in pages only: no session → sign-in (or the first-run setup while no admin exists). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = context.services.users;
  const session = await auth.session(request.headers.get("cookie"), context.origin.startsWith("https://"));
  if (!session) {
    if (!(await auth.adminExists())) throw redirect("/admin/setup");
    throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { user: session.user, csrfToken: session.csrfToken };
}

type Item = Required<MenuProps>["items"][number];

const link = (to: string, label: string) => ({ key: to, label: <Link to={to}>{label}</Link> });
/** A menu section's entries for the simple resources (contract/resources.ts). */
const resourceLinks = (section: ConsoleResource["menu"]["section"]) =>
  CONSOLE_RESOURCE_LIST.filter((r) => r.menu.section === section).map((r) =>
    link(`/admin/${r.name}`, r.menu.label),
  );

function menu(admin: boolean): Item[] {
  return [
    { ...link("/admin", "概览"), icon: <DashboardOutlined /> },
    {
      key: "content",
      icon: <FileTextOutlined />,
      label: "内容",
      children: [
        link("/admin/articles", "文章"),
        link("/admin/landing-pages", "营销页面"),
        ...resourceLinks("content"),
      ],
    },
    {
      key: "site",
      icon: <NotificationOutlined />,
      label: "运营位",
      children: resourceLinks("site"),
    },
    { ...link("/admin/products", "报名产品"), icon: <ShopOutlined /> },
    ...(admin
      ? [
          {
            key: "sales",
            icon: <TeamOutlined />,
            label: "线索与订单",
            children: [link("/admin/leads", "MCN 线索"), link("/admin/orders", "报名订单")],
          },
        ]
      : []),
    {
      key: "system",
      icon: <AuditOutlined />,
      label: "系统",
      // Editors import articles and keep the old addresses; the rest is for admins.
      children: admin
        ? [
            link("/admin/users", "用户"),
            link("/admin/audit", "操作日志"),
            link("/admin/privacy", "个人信息清除"),
            link("/admin/search-push", "搜索引擎推送"),
            link("/admin/wechat-sync", "公众号同步"),
            link("/admin/imports", "导入"),
            link("/admin/redirects", "旧地址跳转"),
          ]
        : [link("/admin/imports", "导入"), link("/admin/redirects", "旧地址跳转")],
    },
  ];
}

/** Which menu section holds a console path's first segment. */
const OPEN: Record<string, string> = {
  articles: "content",
  "landing-pages": "content",
  ...Object.fromEntries(CONSOLE_RESOURCE_LIST.map((r) => [r.name, r.menu.section])),
  leads: "sales",
  orders: "sales",
  users: "system",
  audit: "system",
  privacy: "system",
  "search-push": "system",
  "wechat-sync": "system",
  imports: "system",
  redirects: "system",
};

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { user, csrfToken } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const showApiError = useShowApiError();
  const [collapsed, setCollapsed] = useState(false);
  const section = location.pathname.split("/")[2] ?? "";
  const selected = section ? `/admin/${section}` : "/admin";

  async function signOut() {
    try {
      await callApi(csrfToken, "POST", "/api/admin/logout", undefined, z.null());
    } catch (err) {
      showApiError(err);
    }
    navigate("/admin/login", { replace: true });
  }

  return (
    <Layout className="console">
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={208}
        trigger={null}
        theme="light"
        className="console-sider"
      >
        <Link to="/admin" className="console-brand">
          <span className="console-logo">电商报</span>
          <span className="console-brand-sub">编辑后台</span>
        </Link>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          defaultOpenKeys={[OPEN[section] ?? "content"]}
          items={menu(user.role === "admin")}
          onClick={() => {
            if (typeof window !== "undefined" && window.innerWidth < 992) setCollapsed(true);
          }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={collapsed ? "打开菜单" : "收起菜单"}
            aria-expanded={!collapsed}
            className="console-menu-button"
            onClick={() => setCollapsed((c) => !c)}
          />
          <a href="/" target="_blank" rel="noreferrer" className="console-site-link">
            查看网站
          </a>
          <span className="console-user">
            <span data-testid="console-user">{user.displayName || user.username}</span>
            <Tag color={user.role === "admin" ? "volcano" : "blue"}>{ROLE_LABELS[user.role]}</Tag>
            <Button size="small" icon={<LogoutOutlined />} onClick={signOut}>
              退出登录
            </Button>
          </span>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number })?.status;
  return (
    <div className="console-error">
      <h1>{status === 404 ? "页面不存在" : "页面暂时无法打开"}</h1>
      <p>{status === 404 ? "您访问的后台页面不存在。" : "请刷新重试；如果一直出现，请联系管理员。"}</p>
      <a href="/admin">返回后台首页</a>
    </div>
  );
}
