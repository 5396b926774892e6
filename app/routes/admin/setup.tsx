import { Alert, Button, Card, Form, Input } from "antd";
import { useState } from "react";
import { data, useNavigate } from "react-router";
import { PASSWORD_MIN, SetupSchema } from "../../../contract/admin";
import { SessionInfoSchema } from "../../../contract/answers";
import type { Route } from "./+types/setup";
import { ApiError, callApi, NO_STORE, useHydrated, zodRule } from "./api";

export function headers() {
  return NO_STORE;
}

/** The first-run page exists only while there is no admin. */
export async function loader({ context }: Route.LoaderArgs) {
  if (await context.services.users.adminExists()) throw data(null, { status: 404 });
  return null;
}

export default function Setup() {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(values: { username: string; displayName: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      await callApi(
        "",
        "POST",
        "/api/admin/setup",
        {
          username: values.username,
          displayName: values.displayName,
          password: values.password,
        },
        SessionInfoSchema,
      );
      navigate("/admin", { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "创建失败，请重试");
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="console-auth">
      <Card className="console-auth-card" title="首次使用：创建管理员">
        <p className="console-muted">
          网站还没有管理员。创建的第一个账号拥有全部权限，之后此页面将不再出现。
        </p>
        {error && <Alert type="error" title={error} showIcon className="console-auth-alert" role="alert" />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark method="post">
          <Form.Item label="用户名" name="username" required rules={zodRule(SetupSchema, "username")}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="姓名" name="displayName" required rules={zodRule(SetupSchema, "displayName")}>
            <Input />
          </Form.Item>
          <Form.Item
            label="密码"
            name="password"
            extra={`至少 ${PASSWORD_MIN} 位`}
            required
            rules={zodRule(SetupSchema, "password")}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认密码"
            name="confirm"
            dependencies={["password"]}
            rules={[
              { required: true, message: "请再次输入密码" },
              ({ getFieldValue }) => ({
                validator: (_r, v) =>
                  !v || v === getFieldValue("password")
                    ? Promise.resolve()
                    : Promise.reject(new Error("两次输入的密码不一致")),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} disabled={!hydrated}>
            创建管理员并登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
