import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Form, Input, Modal, Select, Switch, Table, Tag } from "antd";
import { useState } from "react";
import { type AdminUser, PASSWORD_MIN, ROLE_LABELS, ROLES, UserCreateSchema } from "../../../contract/admin";
import { AdminUserSchema, itemsOf } from "../../../contract/answers";
import type { Route } from "./+types/users";
import { formatDateTime, NO_STORE, useApi, useConsoleSession, useHydrated, zodRule } from "./api";
import { checkedValues, useApiChange, useApiGet } from "./data";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "用户 - 编辑后台" }];
}

const roleOptions = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const USERS = itemsOf(AdminUserSchema);

/** Console accounts (admins only): create, change role, disable, set a new password. */
export default function Users() {
  const api = useApi();
  const hydrated = useHydrated();
  const { user: me } = useConsoleSession();
  const [form] = Form.useForm();
  const { data, reload } = useApiGet("/api/admin/users", USERS);
  const { busy: saving, change } = useApiChange();
  const [editing, setEditing] = useState<AdminUser | "new" | null>(null);

  function open(u: AdminUser | "new") {
    form.resetFields();
    form.setFieldsValue(
      u === "new"
        ? { role: "editor" }
        : { username: u.username, displayName: u.displayName, role: u.role, disabled: u.disabled },
    );
    setEditing(u);
  }

  async function save() {
    const v = await checkedValues(form);
    if (!v) return;
    const saved = await change(async () => {
      if (editing === "new") await api("POST", "/api/admin/users", v);
      else if (editing)
        await api("PUT", `/api/admin/users/${editing.id}`, {
          displayName: v.displayName,
          role: v.role,
          disabled: Boolean(v.disabled),
          password: v.password || undefined,
        });
    }, "保存成功");
    if (!saved) return;
    setEditing(null);
    void reload();
  }

  const isNew = editing === "new";
  return (
    <Card
      title="用户"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open("new")}>
          新增用户
        </Button>
      }
    >
      <Table<AdminUser>
        rowKey="id"
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          { title: "用户名", dataIndex: "username" },
          { title: "姓名", dataIndex: "displayName" },
          {
            title: "角色",
            dataIndex: "role",
            render: (r: AdminUser["role"]) => (
              <Tag color={r === "admin" ? "volcano" : "blue"}>{ROLE_LABELS[r]}</Tag>
            ),
          },
          {
            title: "状态",
            dataIndex: "disabled",
            render: (d: boolean) => (d ? <Tag>已停用</Tag> : <Tag color="green">正常</Tag>),
          },
          { title: "最近登录", dataIndex: "lastLoginAt", render: formatDateTime },
          {
            title: "操作",
            key: "ops",
            render: (_v, u) => (
              <Button type="link" size="small" onClick={() => open(u)}>
                编辑{u.id === me.id ? "（我）" : ""}
              </Button>
            ),
          },
        ]}
      />
      {hydrated && (
        <Modal
          open={editing !== null}
          title={isNew ? "新增用户" : "编辑用户"}
          onCancel={() => setEditing(null)}
          onOk={save}
          okText="保存"
          confirmLoading={saving}
          forceRender
        >
          <Form form={form} layout="vertical">
            <Form.Item
              label="用户名"
              name="username"
              required={isNew}
              rules={isNew ? zodRule(UserCreateSchema, "username") : []}
            >
              <Input disabled={!isNew} autoComplete="off" />
            </Form.Item>
            <Form.Item
              label="姓名"
              name="displayName"
              required
              rules={zodRule(UserCreateSchema, "displayName")}
            >
              <Input />
            </Form.Item>
            <Form.Item
              label="角色"
              name="role"
              required
              extra="管理员可管理用户、查看线索与订单、查看完整身份证号；编辑只管理内容。"
            >
              <Select options={roleOptions} />
            </Form.Item>
            <Form.Item
              label={isNew ? "密码" : "新密码"}
              name="password"
              required={isNew}
              extra={isNew ? `至少 ${PASSWORD_MIN} 位` : "留空则不修改；修改后该用户需重新登录"}
              rules={
                isNew
                  ? zodRule(UserCreateSchema, "password")
                  : [{ min: PASSWORD_MIN, message: `密码至少 ${PASSWORD_MIN} 位` }]
              }
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            {!isNew && (
              <Form.Item label="停用" name="disabled" valuePropName="checked" extra="停用后立即退出所有登录">
                <Switch />
              </Form.Item>
            )}
          </Form>
        </Modal>
      )}
    </Card>
  );
}
