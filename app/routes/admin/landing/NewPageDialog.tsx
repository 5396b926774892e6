import { App, Card, Form, Input, Modal, Radio, Select, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { pagedOf } from "../../../../contract/answers";
import {
  type AdminLanding,
  type AdminLandingRow,
  AdminLandingRowSchema,
  AdminLandingSchema,
  type LandingPage,
  LandingPageSchema,
} from "../../../../contract/landing";
import { LANDING_TEMPLATES } from "../../../../contract/landing-templates";
import { useApi, useShowApiError } from "../api";
import { pathFeedback, usePathCheck } from "./path-check";

type Start = "blank" | "copy" | "template";

interface Values {
  start: Start;
  template?: string;
  copyId?: number;
  name: string;
  path: string;
}

/** The page's own fields of a stored page (what a save sends: the contract refuses anything else). */
export function pageOf(p: AdminLanding | LandingPage): LandingPage {
  const keys = Object.keys(LandingPageSchema.shape) as (keyof LandingPage)[];
  return Object.fromEntries(keys.filter((k) => p[k] !== undefined).map((k) => [k, p[k]])) as LandingPage;
}

/** A blank page: one hero to start from. */
function blankPage(path: string, name: string): LandingPage {
  return {
    path,
    name,
    title: name,
    description: name,
    sections: [
      {
        type: "hero",
        title: name,
        subtitle: "在这里写一句副标题",
        image: { src: "/landing/aboutus/hero.svg", alt: "头图", w: 1440, h: 520, art: "bg" },
      },
    ],
  };
}

const SEARCH = pagedOf(AdminLandingRowSchema);

/**
 * 新建页面: blank (one hero), a copy of any page, or a starter template (contract/landing-templates.ts,
 * each a complete page to fill in). The new page is a draft with its own name and path; the editor
 * opens on it.
 */
export function NewPageDialog({
  open,
  copyOf,
  onClose,
}: {
  open: boolean;
  /** opens on a copy of this page */
  copyOf?: AdminLandingRow;
  onClose: () => void;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [pages, setPages] = useState<AdminLandingRow[]>([]);
  const start = Form.useWatch("start", form);
  const path = Form.useWatch("path", form);
  const check = usePathCheck(open ? path : undefined);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (copyOf) {
      setPages([copyOf]);
      form.setFieldsValue({
        start: "copy",
        copyId: copyOf.id,
        name: `${copyOf.name}（副本）`.slice(0, 30),
        path: `${copyOf.path.replace(/\/$/, "")}-copy`,
      });
    } else form.setFieldsValue({ start: "template", template: LANDING_TEMPLATES[0]?.key });
  }, [open, copyOf, form]);

  const search = useCallback(
    async (q: string) => {
      try {
        const query = new URLSearchParams({ q, pageSize: "20" });
        setPages((await api("GET", `/api/admin/landing-pages?${query}`, undefined, SEARCH)).items);
      } catch (err) {
        showApiError(err);
      }
    },
    [api, showApiError],
  );
  useEffect(() => {
    if (open && start === "copy" && !copyOf) void search("");
  }, [open, start, copyOf, search]);

  /** The copied page: a new name and path, the rest as it is. */
  function pickCopy(id: number) {
    const row = pages.find((p) => p.id === id);
    if (!row) return;
    form.setFieldsValue({
      name: `${row.name}（副本）`.slice(0, 30),
      path: `${row.path.replace(/\/$/, "")}-copy`,
    });
  }

  async function make(v: Values): Promise<LandingPage> {
    if (v.start === "copy") {
      const source = await api("GET", `/api/admin/landing-pages/${v.copyId}`, undefined, AdminLandingSchema);
      return { ...pageOf(source as AdminLanding), path: v.path, name: v.name };
    }
    if (v.start === "template") {
      const template = LANDING_TEMPLATES.find((t) => t.key === v.template);
      if (template) return { ...template.make(v.path), name: v.name };
    }
    return blankPage(v.path, v.name);
  }

  async function create(v: Values) {
    setBusy(true);
    try {
      const made = await api("POST", "/api/admin/landing-pages", await make(v), z.object({ id: z.number() }));
      message.success("页面已创建（草稿）");
      onClose();
      navigate(`/admin/landing-pages/${made.id}`);
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title="新建营销页面"
      width={720}
      okText="创建"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: check.state === "refused" }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={create} className="landing-new">
        <Form.Item name="start" label="从哪里开始">
          <Radio.Group
            optionType="button"
            options={[
              { value: "template", label: "从模板开始" },
              { value: "copy", label: "复制已有页面" },
              { value: "blank", label: "空白页面" },
            ]}
          />
        </Form.Item>
        {start === "template" && (
          <Form.Item
            name="template"
            label="模板"
            required
            rules={[{ required: true, message: "请选择模板" }]}
          >
            <Radio.Group className="landing-templates">
              {LANDING_TEMPLATES.map((t) => (
                <Radio key={t.key} value={t.key} className="landing-template">
                  <Card size="small" title={t.label}>
                    <Typography.Text type="secondary">{t.description}</Typography.Text>
                  </Card>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
        {start === "copy" && (
          <Form.Item
            name="copyId"
            label="复制哪个页面"
            required
            rules={[{ required: true, message: "请选择要复制的页面" }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: (q) => void search(q) }}
              placeholder="输入名称或路径搜索"
              options={pages.map((p) => ({ value: p.id, label: `${p.name}  ${p.path}` }))}
              onChange={pickCopy}
              aria-label="复制哪个页面"
            />
          </Form.Item>
        )}
        {start === "blank" && (
          <Typography.Paragraph type="secondary">
            空白页面只有一个头图区块，其余区块在编辑器中添加。
          </Typography.Paragraph>
        )}
        <Form.Item
          name="name"
          label="页面名称"
          required
          rules={[
            { required: true, whitespace: true, message: "请填写页面名称" },
            { max: 30, message: "页面名称不能超过 30 个字" },
          ]}
          extra="显示在页面顶部栏和后台列表"
        >
          <Input maxLength={30} showCount />
        </Form.Item>
        <Form.Item
          name="path"
          label="页面路径"
          required
          rules={[{ required: true, message: "请填写页面路径" }]}
          hasFeedback
          {...pathFeedback(check)}
          extra="如 /activity/wsfh/summit2025；发布后访客在此地址打开页面"
        >
          <Input placeholder="/activity/…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
