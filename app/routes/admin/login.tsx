import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Form, Input } from "antd";
import { useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { LoginSchema } from "../../../contract/admin";
import { SessionInfoSchema } from "../../../contract/answers";
import type { Route } from "./+types/login";
import { ApiError, callApi, NO_STORE, useHydrated, zodRule } from "./api";

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = context.services.users;
  if (await auth.session(request.headers.get("cookie"), context.origin.startsWith("https://")))
    throw redirect("/admin");
  if (!(await auth.adminExists())) throw redirect("/admin/setup");
  return null;
}

/** Only paths inside the console are followed after signing in (no open redirect). */
export function safeNext(next: string | null): string {
  return next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith("//") ? next : "/admin";
}

export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(values: { username: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      await callApi("", "POST", "/api/admin/login", values, SessionInfoSchema);
      navigate(safeNext(params.get("next")), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "登录失败，请重试");
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="console-auth">
      <Card className="console-auth-card" title="电商报 · 编辑后台登录">
        {error && <Alert type="error" title={error} showIcon className="console-auth-alert" role="alert" />}
        <Form layout="vertical" onFinish={submit} requiredMark={false} autoComplete="on" method="post">
          <Form.Item label="用户名" name="username" required rules={zodRule(LoginSchema, "username")}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" required rules={zodRule(LoginSchema, "password")}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} disabled={!hydrated}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
