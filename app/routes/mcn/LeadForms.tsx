import { PlusOutlined } from "@ant-design/icons";
import type { FormInstance, FormRule, UploadFile, UploadProps } from "antd";
import { App, Button, Form, Input, Upload } from "antd";
import { useState } from "react";
import type { z } from "zod";
import {
  fieldError,
  HONEYPOT_FIELD,
  MCN_LINK_MAX,
  MCN_MESSAGES,
  MCN_TEXT_MAX,
  McnBusinessForm,
  McnExpertForm,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
} from "../../../contract/mcn";

/** antd rule from the shared zod schema: the browser shows exactly the server's messages. */
const rule = (schema: z.ZodObject, field: string): FormRule[] => [
  {
    validator: (_r, value) => {
      const message = fieldError(schema, field, value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  },
];

interface Envelope {
  statusCode?: number;
  message?: string;
}

/** 提交失败, with the server's reason when it gave one a visitor can act on (too many submits, bad field). */
const failureText = (status: number, body: Envelope | null) =>
  (status === 400 || status === 429) && body?.message
    ? `${MCN_MESSAGES.failure}：${body.message}`
    : MCN_MESSAGES.failure;

/**
 * SPEC §4 MCN forms: validate → confirmation dialog → submit. Success: 提交成功 and the form clears.
 * Cancel: 已取消提交, values kept. Failure: 提交失败, values kept.
 */
function useLeadSubmit(
  form: FormInstance,
  endpoint: string,
  opts: { busy?: () => boolean; onSuccess?: () => void },
) {
  const { modal, message } = App.useApp();
  // Called by antd's onFinish, i.e. once every field has passed its rules.
  return (values: Record<string, unknown>) => {
    if (opts.busy?.()) {
      message.warning("图片上传中，请稍候再提交");
      return;
    }
    modal.confirm({
      title: MCN_MESSAGES.confirmTitle,
      content: MCN_MESSAGES.confirmText,
      okText: MCN_MESSAGES.confirmOk,
      cancelText: MCN_MESSAGES.confirmCancel,
      autoFocusButton: "ok",
      onOk: async () => {
        try {
          const res = await fetch(endpoint, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(values),
          });
          const body = (await res.json().catch(() => null)) as Envelope | null;
          if (res.ok && body?.statusCode === 1000) {
            message.success(MCN_MESSAGES.success);
            form.resetFields();
            opts.onSuccess?.();
          } else {
            message.error(failureText(res.status, body));
          }
        } catch {
          message.error(MCN_MESSAGES.failure);
        }
      },
      onCancel: () => {
        message.info(MCN_MESSAGES.cancelled);
      },
    });
  };
}

/** A field people never see; bots that fill every input fill it too. */
function Honeypot() {
  return (
    <div className="mcn-hp" aria-hidden="true">
      <Form.Item name={HONEYPOT_FIELD} label="网址">
        <Input tabIndex={-1} autoComplete="off" />
      </Form.Item>
    </div>
  );
}

export function BusinessForm() {
  const [form] = Form.useForm();
  const submit = useLeadSubmit(form, "/api/mcn/insertMcnBusiness", {});
  const item = (name: string, label: string, input: React.ReactNode) => (
    <Form.Item
      name={name}
      label={label}
      required
      validateTrigger="onBlur"
      rules={rule(McnBusinessForm, name)}
    >
      {input}
    </Form.Item>
  );
  return (
    <Form
      form={form}
      layout="vertical"
      name="mcn-business"
      requiredMark
      onFinish={submit}
      scrollToFirstError
      className="mcn-form"
    >
      {item(
        "contactName",
        "联系人",
        <Input placeholder="请输入联系人姓名" maxLength={MCN_TEXT_MAX} autoComplete="name" />,
      )}
      {item(
        "contactPhone",
        "电话",
        <Input placeholder="手机号或座机号" maxLength={30} type="tel" inputMode="tel" autoComplete="tel" />,
      )}
      {item(
        "brand",
        "品牌名",
        <Input placeholder="请输入品牌名称" maxLength={MCN_TEXT_MAX} autoComplete="organization" />,
      )}
      {item(
        "role",
        "角色",
        <Input
          placeholder="如：品牌方负责人、电商运营、代理商"
          maxLength={MCN_TEXT_MAX}
          autoComplete="organization-title"
        />,
      )}
      <Honeypot />
      <Button type="primary" htmlType="submit" size="large" block>
        提交
      </Button>
    </Form>
  );
}

export function ExpertForm() {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const submit = useLeadSubmit(form, "/api/mcn/insertMcnExpert", {
    busy: () => files.some((f) => f.status === "uploading"),
    onSuccess: () => setFiles([]),
  });

  const beforeUpload: UploadProps["beforeUpload"] = (file) => {
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      message.error(UPLOAD_MESSAGES.type);
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      message.error(UPLOAD_MESSAGES.tooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const onChange: UploadProps["onChange"] = ({ file, fileList }) => {
    const list = fileList.slice(-1).map((f) => {
      const result = (f.response as { data?: { result?: string } } | undefined)?.data?.result;
      return result ? { ...f, url: result } : f;
    });
    if (file.status === "done") {
      const result = (file.response as { data?: { result?: string } } | undefined)?.data?.result;
      form.setFieldValue("idCopyPic", result);
    }
    if (file.status === "error") {
      form.setFieldValue("idCopyPic", undefined);
      message.error((file.response as Envelope | undefined)?.message ?? UPLOAD_MESSAGES.failure);
      setFiles([]);
      return;
    }
    setFiles(list);
  };

  const item = (name: string, label: string, input: React.ReactNode, required = false) => (
    <Form.Item
      name={name}
      label={label}
      required={required}
      validateTrigger="onBlur"
      rules={rule(McnExpertForm, name)}
    >
      {input}
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      name="mcn-expert"
      requiredMark
      onFinish={submit}
      scrollToFirstError
      className="mcn-form"
    >
      {item(
        "name",
        "姓名",
        <Input placeholder="请输入真实姓名" maxLength={MCN_TEXT_MAX} autoComplete="name" />,
        true,
      )}
      {item(
        "phone",
        "电话",
        <Input placeholder="手机号或座机号" maxLength={30} type="tel" inputMode="tel" autoComplete="tel" />,
        true,
      )}
      {item(
        "channelNickname",
        "主阵地昵称",
        <Input placeholder="如：小红书 / 抖音 / 微博上的昵称" maxLength={MCN_TEXT_MAX} autoComplete="off" />,
      )}
      {item(
        "channelLink",
        "主阵地链接",
        <Input
          placeholder="https:// 开头的主页链接"
          maxLength={MCN_LINK_MAX}
          type="url"
          inputMode="url"
          autoComplete="url"
        />,
      )}
      <Form.Item name="idCopyPic" hidden rules={rule(McnExpertForm, "idCopyPic")}>
        <Input />
      </Form.Item>
      <Form.Item
        label="身份证复印件（选填）"
        extra="支持 JPG、PNG、WebP，不超过 5 MB；仅用于达人身份核验，不对外公开。"
      >
        <Upload
          name="file"
          action="/api/upload"
          accept={UPLOAD_TYPES.join(",")}
          listType="picture-card"
          maxCount={1}
          fileList={files}
          beforeUpload={beforeUpload}
          onChange={onChange}
          onRemove={() => {
            form.setFieldValue("idCopyPic", undefined);
            setFiles([]);
          }}
          showUploadList={{ showPreviewIcon: false }}
        >
          {files.length >= 1 ? null : (
            <button type="button" className="mcn-upload-btn">
              <PlusOutlined />
              <span>上传图片</span>
            </button>
          )}
        </Upload>
      </Form.Item>
      <Honeypot />
      <Button type="primary" htmlType="submit" size="large" block>
        提交
      </Button>
    </Form>
  );
}
