import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Checkbox, ConfigProvider, Form, Input, Radio } from "antd";
import type { Rule } from "antd/es/form";
import zhCN from "antd/locale/zh_CN";
import { useEffect, useRef, useState } from "react";
import type { ProductDetail, Question } from "../../../contract/entities";
import {
  buildSignupPayload,
  DEFAULT_QUANTITY_PRODUCT,
  fieldError,
  fieldSchemas,
  formatYuan,
  LIMITS,
  MAX_EXTRA_ACCOUNTS,
  MESSAGES,
  NO_AGREEMENT_PRODUCTS,
  optionTextField,
  PROFESSIONS,
  questionField,
  SIGN_WAYS,
  type SignupFormValues,
  totalYuan,
} from "../../../contract/signup";

/** antd theme from the VISUAL.md tokens (the same values as the CSS variables in app.css). */
const THEME = {
  token: {
    colorPrimary: "#E8380D",
    colorText: "#1F2329",
    colorTextSecondary: "#646A73",
    colorTextDescription: "#646A73",
    colorBorder: "#E5E6EB",
    borderRadius: 4,
    fontFamily:
      '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
  },
};

export interface SignupFormProps {
  product: ProductDetail;
  questions: Question[];
  variant: "tzyx" | "txws";
  shopId: string | null;
  shopName: string | null;
}

export function SignupForm(props: SignupFormProps) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <App component={false}>
        <SignupFormBody {...props} />
      </App>
    </ConfigProvider>
  );
}

/** A zod field schema as an antd rule: same rule, same Chinese message as the server. */
const zodRule = (schema: Parameters<typeof fieldError>[0]): Rule => ({
  validator: (_rule, value) => {
    const message = fieldError(schema, value);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

function questionRule(q: Question): Rule {
  return {
    validator: (_rule, value: unknown) => {
      if (q.required !== "TRUE") return Promise.resolve();
      const text = q.questionType === "INPUT" || q.questionType === "TEXTAREA";
      const empty = text
        ? typeof value !== "string" || value.trim() === ""
        : Array.isArray(value)
          ? value.length === 0
          : !value;
      if (!empty) return Promise.resolve();
      return Promise.reject(
        new Error(text ? MESSAGES.inputRequired(q.questionTitle) : MESSAGES.choiceRequired(q.questionTitle)),
      );
    },
  };
}

/** One random Idempotency-Key per form load (getRandomValues works on plain http too). */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `su-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const digitsOnly = (v: unknown) =>
  String(v ?? "")
    .replace(/\D/g, "")
    .slice(0, 3);

function SignupFormBody({ product, questions, variant, shopId, shopName }: SignupFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SignupFormValues>();
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const keyRef = useRef<string | null>(null);
  useEffect(() => {
    keyRef.current = newIdempotencyKey();
  }, []);

  const profession = Form.useWatch("menberProfession", form) ?? "ANCHOR";
  const signWay = Form.useWatch("signWay", form) ?? "INDIVIDUAL";
  const orderNum = Form.useWatch("orderNum", form);
  const quantity = /^\d+$/.test(orderNum ?? "") ? Number(orderNum) : 0;
  const total = totalYuan(product.price, quantity);
  const needsAgreement = product.requiresAgreement && !NO_AGREEMENT_PRODUCTS.includes(product.productId);
  const company = signWay === "COMPANY";

  const initialValues: SignupFormValues = {
    menberProfession: "ANCHOR",
    signWay: "INDIVIDUAL",
    orderNum: product.productId === DEFAULT_QUANTITY_PRODUCT ? "1" : "",
    extraAccounts: [""],
  };

  const onValuesChange = (changed: Partial<SignupFormValues>) => {
    // Switching the sign way swaps the fields shown and clears every validation message.
    if ("signWay" in changed) {
      form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
    }
  };

  const fail = (reason: string) => {
    message.error(`${MESSAGES.failurePrefix}${reason}`);
    setSubmitting(false);
  };

  const onFinish = async () => {
    if (needsAgreement && !agreed) {
      message.warning(MESSAGES.agreement);
      return;
    }
    const values = form.getFieldsValue(true) as SignupFormValues;
    const payload = buildSignupPayload({
      productId: product.productId,
      variant,
      shopId,
      shopName,
      questions,
      values,
    });
    keyRef.current ??= newIdempotencyKey();
    setSubmitting(true);
    let res: Response;
    try {
      res = await fetch("/api/onlineApply/payCommit", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": keyRef.current },
        body: JSON.stringify(payload),
      });
    } catch {
      fail("网络连接失败，请检查网络后重试");
      return;
    }
    let body: { statusCode?: number; message?: string; data?: { result?: unknown } | null };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      fail(`服务器暂时无法处理（${res.status}），请稍后再试`);
      return;
    }
    const html = body.data?.result;
    if (body.statusCode === 1000 && typeof html === "string") {
      message.success(MESSAGES.success);
      form.resetFields();
      setAgreed(false);
      keyRef.current = newIdempotencyKey();
      // The payment page replaces this document; written, not set as innerHTML, so its script runs.
      window.setTimeout(() => {
        document.open();
        document.write(html);
        document.close();
      }, 600);
      return;
    }
    fail(body.message || `请求失败（${res.status}）`);
  };

  return (
    <div className="signup-card">
      <div className="signup-product">
        <h1>{product.productName}</h1>
        <p className="signup-price">
          <span className="signup-price-num">¥{formatYuan(product.price)}</span>
          <span className="signup-price-unit">元/份</span>
        </p>
      </div>

      <Form
        form={form}
        name="signup"
        layout="vertical"
        requiredMark
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={onFinish}
        scrollToFirstError={{ block: "center" }}
        className="signup-form"
      >
        <h2 className="signup-section">报名信息</h2>
        <Form.Item name="menberProfession" label="您的身份" required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={PROFESSIONS.map((p) => ({ value: p.value, label: p.label }))}
            className="signup-choices"
          />
        </Form.Item>
        <Form.Item name="signWay" label="签约方式" required>
          <Radio.Group options={SIGN_WAYS.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>

        {company ? (
          <Form.Item
            key="companyName"
            name="companyName"
            label="企业名称"
            required
            validateTrigger="onBlur"
            rules={[zodRule(fieldSchemas.companyName)]}
          >
            <Input placeholder="请输入营业执照上的企业名称" maxLength={100} autoComplete="organization" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              key="signer"
              name="signer"
              label="签约人"
              required
              validateTrigger="onBlur"
              rules={[zodRule(fieldSchemas.signer)]}
            >
              <Input placeholder="请输入签约人姓名" maxLength={50} autoComplete="name" />
            </Form.Item>
            <Form.Item
              key="idCardNumber"
              name="idCardNumber"
              label="身份证号码"
              required
              validateTrigger="onBlur"
              rules={[zodRule(fieldSchemas.idCardNumber)]}
              extra="仅用于签约核验，加密保存"
            >
              <Input placeholder="请输入 18 位身份证号码" maxLength={18} autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="contact"
          label="手机号"
          required
          validateTrigger="onBlur"
          rules={[zodRule(fieldSchemas.contact)]}
        >
          <Input placeholder="请输入手机号" maxLength={11} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item
          key={company ? "payer-company" : "payer"}
          name="payer"
          label={company ? "付款方" : "付款人"}
          required
          validateTrigger="onBlur"
          rules={[zodRule(fieldSchemas.payer)]}
        >
          <Input placeholder={company ? "请输入付款方名称" : "请输入付款人姓名"} maxLength={100} />
        </Form.Item>

        {profession === "OTHER" && <ExtraAccounts />}

        {questions.length > 0 && <h2 className="signup-section">补充信息</h2>}
        {questions.map((q) => (
          <QuestionItem key={q.questionId} q={q} />
        ))}

        <h2 className="signup-section">订单信息</h2>
        <div className="signup-quantity">
          <Form.Item
            name="orderNum"
            label="下单份数"
            required
            validateTrigger="onBlur"
            normalize={digitsOnly}
            rules={[zodRule(fieldSchemas.orderNum)]}
          >
            <Input placeholder="请输入份数" inputMode="numeric" maxLength={3} suffix="份" />
          </Form.Item>
          <p className="signup-total" aria-live="polite">
            合计 <span className="signup-total-num">¥{formatYuan(total)}</span>
          </p>
        </div>

        {needsAgreement && (
          <div className="signup-agreement">
            {product.productContract && (
              <div
                className="signup-contract"
                role="region"
                aria-label="合同条款"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
                tabIndex={0}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: agreements are sanitised when stored
                dangerouslySetInnerHTML={{ __html: product.productContract }}
              />
            )}
            <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
              我已阅读并同意上述合同条款
            </Checkbox>
          </div>
        )}

        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={submitting}
          disabled={submitting}
          className="signup-submit"
        >
          提交并支付 ¥{formatYuan(total)}
        </Button>
        <p className="signup-note">提交后将跳转至支付页面，订单信息仅用于本次报名服务。</p>
      </Form>
    </div>
  );
}

function ExtraAccounts() {
  return (
    <Form.List name="extraAccounts">
      {(fields, { add, remove }) => (
        <div className="signup-extra">
          <div className="signup-extra-label">其他平台账号（选填，最多 {MAX_EXTRA_ACCOUNTS} 个）</div>
          {fields.map((f, i) => (
            <div className="signup-extra-row" key={f.key}>
              <Form.Item name={f.name} noStyle>
                <Input
                  placeholder="平台及账号，如：小红书 @店铺名"
                  maxLength={LIMITS.extraAccount}
                  aria-label={`其他平台账号 ${i + 1}`}
                />
              </Form.Item>
              {fields.length > 1 && (
                <Button
                  type="text"
                  aria-label="删除该账号"
                  icon={<DeleteOutlined />}
                  onClick={() => remove(f.name)}
                />
              )}
            </div>
          ))}
          {fields.length < MAX_EXTRA_ACCOUNTS && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add("")}>
              添加账号
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}

function QuestionItem({ q }: { q: Question }) {
  const name = questionField(q.questionId);
  const required = q.required === "TRUE";
  const extra = q.showTitle && q.showTitle !== q.questionTitle ? q.showTitle : undefined;
  switch (q.questionType) {
    case "INPUT":
      return (
        <Form.Item
          name={name}
          label={q.questionTitle}
          required={required}
          validateTrigger="onBlur"
          rules={[questionRule(q)]}
        >
          <Input placeholder={q.showTitle || `请输入${q.questionTitle}`} maxLength={LIMITS.input} />
        </Form.Item>
      );
    case "TEXTAREA":
      return (
        <Form.Item
          name={name}
          label={q.questionTitle}
          required={required}
          validateTrigger="onBlur"
          rules={[questionRule(q)]}
        >
          <Input.TextArea
            placeholder={q.showTitle || `请输入${q.questionTitle}`}
            maxLength={LIMITS.textarea}
            autoSize={{ minRows: 3, maxRows: 8 }}
          />
        </Form.Item>
      );
    case "RADIO":
    case "CHECKBOX": {
      const Group = q.questionType === "RADIO" ? Radio.Group : Checkbox.Group;
      return (
        <Form.Item
          name={name}
          label={q.questionTitle}
          required={required}
          extra={extra}
          validateTrigger="onChange"
          rules={[questionRule(q)]}
        >
          <Group
            className="signup-choices"
            options={q.additionList.map((o) => ({ value: o.optionTitle, label: o.optionTitle }))}
          />
        </Form.Item>
      );
    }
    case "CHECKBOX_INPUT":
      return <CheckboxInputItem q={q} name={name} required={required} extra={extra} />;
  }
}

/** A checkbox group whose options may carry a free-text input (enabled while the option is ticked). */
function CheckboxInputItem(p: { q: Question; name: string; required: boolean; extra?: string }) {
  const form = Form.useFormInstance();
  const selected = (Form.useWatch(p.name, form) as string[] | undefined) ?? [];
  return (
    <Form.Item label={p.q.questionTitle} required={p.required} extra={p.extra}>
      <Form.Item name={p.name} noStyle validateTrigger="onChange" rules={[questionRule(p.q)]}>
        <Checkbox.Group className="signup-choices">
          {p.q.additionList.map((o) => (
            <Checkbox key={o.optionTitle} value={o.optionTitle}>
              {o.optionTitle}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      {p.q.additionList.map((o, i) =>
        o.hasInput ? (
          <Form.Item key={o.optionTitle} name={optionTextField(p.q.questionId, i)} noStyle>
            <Input
              className="signup-option-text"
              placeholder={`请填写${o.optionTitle}`}
              maxLength={LIMITS.optionText}
              disabled={!selected.includes(o.optionTitle)}
              aria-label={`${o.optionTitle}说明`}
            />
          </Form.Item>
        ) : null,
      )}
    </Form.Item>
  );
}
