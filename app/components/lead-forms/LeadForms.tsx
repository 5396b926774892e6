import type { UploadFile } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { z } from "zod";
import { formFieldError } from "../../../contract/field-error";
import {
  HONEYPOT_FIELD,
  MCN_LINK_MAX,
  MCN_MESSAGES,
  MCN_TEXT_MAX,
  McnBusinessForm,
  McnExpertForm,
} from "../../../contract/mcn";
import { send } from "../../api/client";
import { confirm, preloadFeedback, toast } from "../../ui/feedback";
import { Field, type Rule, useForm } from "../../ui/form";
import { PlusIcon } from "../../ui/icons";
import "./lead-forms.css";

/** antd's picture upload, loaded once the influencer form is on screen. */
const IdUpload = lazy(() => import("./IdUpload"));

/** A rule from the shared zod schema: the browser shows exactly the server's messages. */
const rule = (schema: z.ZodObject, field: string): Rule => ({
  check: (value) => formFieldError(schema, field, value),
  trigger: "blur",
});

/** What a lead submit answers. */
const SubmitResult = z.object({ result: z.literal(true) });

/** 提交失败, with the server's reason when it gave one a visitor can act on (too many submits, bad field). */
const failureText = (status: number, message?: string) =>
  (status === 400 || status === 429) && message
    ? `${MCN_MESSAGES.failure}：${message}`
    : MCN_MESSAGES.failure;

type LeadFormState = ReturnType<typeof useForm>;

/**
 * docs/product.md §4 MCN forms: validate → confirmation dialog → submit. Success: 提交成功 and the form clears.
 * Cancel: 已取消提交, values kept. Failure: 提交失败, values kept.
 */
function leadSubmit(
  form: LeadFormState,
  endpoint: string,
  opts: { busy?: () => boolean; onSuccess?: () => void } = {},
) {
  return (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    if (opts.busy?.()) {
      toast.warning("图片上传中，请稍候再提交");
      return;
    }
    const values = form.values;
    confirm({
      title: MCN_MESSAGES.confirmTitle,
      content: MCN_MESSAGES.confirmText,
      okText: MCN_MESSAGES.confirmOk,
      cancelText: MCN_MESSAGES.confirmCancel,
      onOk: async () => {
        const reply = await send(SubmitResult, endpoint, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(values),
        });
        if (reply.kind === "ok") {
          toast.success(MCN_MESSAGES.success);
          form.reset();
          opts.onSuccess?.();
        } else if (reply.kind === "network") toast.error(MCN_MESSAGES.failure);
        else toast.error(failureText(reply.status, reply.kind === "failed" ? reply.message : undefined));
      },
      onCancel: () => toast.info(MCN_MESSAGES.cancelled),
    });
  };
}

/** A field people never see; bots that fill every input fill it too. */
function Honeypot({ form }: { form: LeadFormState }) {
  return (
    <div className="mcn-hp" aria-hidden="true">
      <Field id={form.id(HONEYPOT_FIELD)} label="网址">
        <input
          className="ui-input"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.text(HONEYPOT_FIELD)}
        />
      </Field>
    </div>
  );
}

/** A text field of a lead form: its value's name, its label, and the attributes of its input. */
interface TextField {
  name: string;
  label: string;
  required?: boolean;
  input: React.InputHTMLAttributes<HTMLInputElement>;
}

/** A plain text input of at most MCN_TEXT_MAX characters. */
const textInput = (placeholder: string, autoComplete: string) => ({
  placeholder,
  maxLength: MCN_TEXT_MAX,
  autoComplete,
});
/** The phone number input of both forms. */
const PHONE = {
  placeholder: "手机号或座机号",
  maxLength: 30,
  type: "tel",
  inputMode: "tel",
  autoComplete: "tel",
} as const;

const BUSINESS_FIELDS: TextField[] = [
  { name: "contactName", label: "联系人", required: true, input: textInput("请输入联系人姓名", "name") },
  { name: "contactPhone", label: "电话", required: true, input: PHONE },
  { name: "brand", label: "品牌名", required: true, input: textInput("请输入品牌名称", "organization") },
  {
    name: "role",
    label: "角色",
    required: true,
    input: textInput("如：品牌方负责人、电商运营、代理商", "organization-title"),
  },
];

const EXPERT_FIELDS: TextField[] = [
  { name: "name", label: "姓名", required: true, input: textInput("请输入真实姓名", "name") },
  { name: "phone", label: "电话", required: true, input: PHONE },
  {
    name: "channelNickname",
    label: "主阵地昵称",
    input: textInput("如：小红书 / 抖音 / 微博上的昵称", "off"),
  },
  {
    name: "channelLink",
    label: "主阵地链接",
    input: {
      placeholder: "https:// 开头的主页链接",
      maxLength: MCN_LINK_MAX,
      type: "url",
      inputMode: "url",
      autoComplete: "url",
    },
  },
];

/** The rules of the text fields, from the form's shared zod schema. */
const rulesOf = (schema: z.ZodObject, fields: TextField[]) =>
  Object.fromEntries(fields.map((f) => [f.name, rule(schema, f.name)]));

const EMPTY = {};
const warm = () => void preloadFeedback().catch(() => {});

/**
 * A lead form: its text fields, what `children` adds after them, the hidden honeypot and 提交.
 * It posts to `endpoint` (see leadSubmit); `busy` holds a submit back, `onSuccess` runs once the
 * form has cleared.
 */
function LeadForm({
  form,
  endpoint,
  fields,
  busy,
  onSuccess,
  children,
}: {
  form: LeadFormState;
  endpoint: string;
  fields: TextField[];
  busy?: () => boolean;
  onSuccess?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <form
      id={form.formName}
      noValidate
      onSubmit={leadSubmit(form, endpoint, { busy, onSuccess })}
      onFocus={warm}
      className="mcn-form ui-form"
    >
      {fields.map((f) => (
        <Field
          key={f.name}
          id={form.id(f.name)}
          label={f.label}
          required={f.required}
          error={form.errors[f.name]}
        >
          <input className="ui-input" type="text" {...f.input} {...form.text(f.name)} />
        </Field>
      ))}
      {children}
      <Honeypot form={form} />
      <button type="submit" className="ui-btn ui-btn-primary ui-btn-lg ui-btn-block">
        提交
      </button>
    </form>
  );
}

/**
 * The merchant form (商家合作). `name` is the form's id and its fields' prefix: a page showing
 * more than one form gives each its own.
 */
export function BusinessForm({ name = "mcn-business" }: { name?: string }) {
  const form = useForm(name, EMPTY, () => rulesOf(McnBusinessForm, BUSINESS_FIELDS));
  return <LeadForm form={form} endpoint="/api/mcn/insertMcnBusiness" fields={BUSINESS_FIELDS} />;
}

/** What shows where the upload control goes until its code has arrived: the same empty card. */
function UploadPlaceholder() {
  return (
    <div className="mcn-upload-placeholder">
      <span className="mcn-upload-btn">
        <PlusIcon />
        <span>上传图片</span>
      </span>
    </div>
  );
}

/**
 * The influencer form (达人合作). Its picture upload (antd) loads once `active` is true, never up
 * front; `name` as for BusinessForm.
 */
export function ExpertForm({ active, name = "mcn-expert" }: { active: boolean; name?: string }) {
  const form = useForm(name, EMPTY, () => ({
    ...rulesOf(McnExpertForm, EXPERT_FIELDS),
    idCopyPic: { ...rule(McnExpertForm, "idCopyPic"), trigger: "change" },
  }));
  const [files, setFiles] = useState<UploadFile[]>([]);
  // The upload control loads once the form has been on screen (after hydration), never up front.
  const [showUpload, setShowUpload] = useState(false);
  useEffect(() => {
    if (active) setShowUpload(true);
  }, [active]);

  return (
    <LeadForm
      form={form}
      endpoint="/api/mcn/insertMcnExpert"
      fields={EXPERT_FIELDS}
      busy={() => files.some((f) => f.status === "uploading")}
      onSuccess={() => setFiles([])}
    >
      <input
        type="hidden"
        id={form.id("idCopyPic")}
        name="idCopyPic"
        value={typeof form.values.idCopyPic === "string" ? form.values.idCopyPic : ""}
      />
      <Field
        id={form.id("idCopyPicUpload")}
        label="身份证复印件（选填）"
        group
        error={form.errors.idCopyPic}
        extra="支持 JPG、PNG、WebP，不超过 5 MB；仅用于达人身份核验，不对外公开。"
      >
        {showUpload ? (
          <Suspense fallback={<UploadPlaceholder />}>
            <IdUpload files={files} setFiles={setFiles} onPicture={(p) => form.set("idCopyPic", p)} />
          </Suspense>
        ) : (
          <UploadPlaceholder />
        )}
      </Field>
    </LeadForm>
  );
}
