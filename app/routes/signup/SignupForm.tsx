import { useEffect, useMemo, useRef, useState } from "react";
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
  PayCommitResultSchema,
  PROFESSIONS,
  questionField,
  SIGN_WAYS,
  type SignupFormValues,
  totalYuan,
} from "../../../contract/signup";
import { send } from "../../api/client";
import { preloadFeedback, toast } from "../../ui/feedback";
import {
  Checkbox,
  CheckboxGroup,
  Field,
  RadioGroup,
  type Rule,
  Spinner,
  TextArea,
  useForm,
} from "../../ui/form";
import { DeleteIcon, PlusIcon } from "../../ui/icons";

export interface SignupFormProps {
  product: ProductDetail;
  questions: Question[];
  variant: "tzyx" | "txws";
  shopId: string | null;
  shopName: string | null;
}

const FORM = "signup";

/** A zod field schema as a rule: same rule, same Chinese message as the server. */
const zodRule = (schema: Parameters<typeof fieldError>[0]): Rule => ({
  check: (value) => fieldError(schema, value ?? ""),
  trigger: "blur",
});

function questionRule(q: Question): Rule {
  const text = q.questionType === "INPUT" || q.questionType === "TEXTAREA";
  return {
    trigger: text ? "blur" : "change",
    check: (value) => {
      if (q.required !== "TRUE") return null;
      const empty = text
        ? typeof value !== "string" || value.trim() === ""
        : Array.isArray(value)
          ? value.length === 0
          : !value;
      if (!empty) return null;
      return text ? MESSAGES.inputRequired(q.questionTitle) : MESSAGES.choiceRequired(q.questionTitle);
    },
  };
}

/** One random Idempotency-Key per form load (getRandomValues works on plain http too). */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `su-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const digitsOnly = (v: string) => v.replace(/\D/g, "").slice(0, 3);

type Form = ReturnType<typeof useForm<SignupFormValues>>;

export function SignupForm({ product, questions, variant, shopId, shopName }: SignupFormProps) {
  const initialValues = useMemo<SignupFormValues>(
    () => ({
      menberProfession: "ANCHOR",
      signWay: "INDIVIDUAL",
      orderNum: product.productId === DEFAULT_QUANTITY_PRODUCT ? "1" : "",
      extraAccounts: [""],
    }),
    [product.productId],
  );
  const form = useForm<SignupFormValues>(FORM, initialValues, () => {
    const company = form.values.signWay === "COMPANY";
    const rules: Record<string, Rule> = company
      ? { companyName: zodRule(fieldSchemas.companyName) }
      : { signer: zodRule(fieldSchemas.signer), idCardNumber: zodRule(fieldSchemas.idCardNumber) };
    rules.contact = zodRule(fieldSchemas.contact);
    rules.payer = zodRule(fieldSchemas.payer);
    for (const q of questions) rules[questionField(q.questionId)] = questionRule(q);
    rules.orderNum = zodRule(fieldSchemas.orderNum);
    return rules;
  });
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const keyRef = useRef<string | null>(null);
  useEffect(() => {
    keyRef.current = newIdempotencyKey();
  }, []);

  const v = form.values;
  const profession = (v.menberProfession as string) ?? "ANCHOR";
  const company = v.signWay === "COMPANY";
  const orderNum = typeof v.orderNum === "string" ? v.orderNum : "";
  const quantity = /^\d+$/.test(orderNum) ? Number(orderNum) : 0;
  const total = totalYuan(product.price, quantity);
  const needsAgreement = product.requiresAgreement && !NO_AGREEMENT_PRODUCTS.includes(product.productId);

  const fail = (reason: string) => {
    toast.error(`${MESSAGES.failurePrefix}${reason}`);
    setSubmitting(false);
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (submitting || !form.validate()) return;
    if (needsAgreement && !agreed) {
      toast.warning(MESSAGES.agreement);
      return;
    }
    const payload = buildSignupPayload({
      productId: product.productId,
      variant,
      shopId,
      shopName,
      questions,
      values: form.values as SignupFormValues,
    });
    keyRef.current ??= newIdempotencyKey();
    setSubmitting(true);
    const reply = await send(PayCommitResultSchema, "/api/onlineApply/payCommit", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": keyRef.current },
      body: JSON.stringify(payload),
    });
    if (reply.kind === "network") {
      fail("网络连接失败，请检查网络后重试");
      return;
    }
    if (reply.kind === "unreadable") {
      fail(`服务器暂时无法处理（${reply.status}），请稍后再试`);
      return;
    }
    if (reply.kind === "ok") {
      const html = reply.data.result;
      toast.success(MESSAGES.success);
      form.reset();
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
    fail(reply.message || `请求失败（${reply.status}）`);
  };

  const text = (
    name: string,
    label: string,
    input: React.InputHTMLAttributes<HTMLInputElement>,
    extra?: string,
  ) => (
    <Field id={form.id(name)} label={label} required error={form.errors[name]} extra={extra}>
      <input className="ui-input" type="text" {...input} {...form.text(name)} />
    </Field>
  );

  return (
    <div className="signup-card">
      <div className="signup-product">
        <h1>{product.productName}</h1>
        <p className="signup-price">
          <span className="signup-price-num">¥{formatYuan(product.price)}</span>
          <span className="signup-price-unit">元/份</span>
        </p>
      </div>

      <form
        id={FORM}
        noValidate
        onSubmit={onSubmit}
        // The messages and the payment hand-off load while the visitor fills the form.
        onFocus={() => void preloadFeedback().catch(() => {})}
        className="signup-form ui-form"
      >
        <h2 className="signup-section">报名信息</h2>
        <Field id={form.id("menberProfession")} label="您的身份" required group>
          <RadioGroup
            id={form.id("menberProfession")}
            name="menberProfession"
            buttons
            value={profession}
            onChange={(p) => form.set("menberProfession", p)}
            options={PROFESSIONS.map((p) => ({ value: p.value, label: p.label }))}
            className="signup-choices"
          />
        </Field>
        <Field id={form.id("signWay")} label="签约方式" required group>
          <RadioGroup
            id={form.id("signWay")}
            name="signWay"
            value={v.signWay as string}
            onChange={(s) => {
              // Switching the sign way swaps the fields shown and clears every validation message.
              form.set("signWay", s);
              form.clearErrors();
            }}
            options={SIGN_WAYS.map((s) => ({ value: s.value, label: s.label }))}
          />
        </Field>

        {company ? (
          text("companyName", "企业名称", {
            placeholder: "请输入营业执照上的企业名称",
            maxLength: 100,
            autoComplete: "organization",
          })
        ) : (
          <>
            {text("signer", "签约人", {
              placeholder: "请输入签约人姓名",
              maxLength: 50,
              autoComplete: "name",
            })}
            {text(
              "idCardNumber",
              "身份证号码",
              {
                placeholder: "请输入 18 位身份证号码",
                maxLength: 18,
                autoComplete: "off",
                // text, not numeric: the last character may be X
                inputMode: "text",
                autoCapitalize: "characters",
                spellCheck: false,
              },
              "仅用于签约核验，加密保存",
            )}
          </>
        )}
        {text("contact", "手机号", {
          type: "tel",
          placeholder: "请输入手机号",
          maxLength: 11,
          inputMode: "tel",
          autoComplete: "tel",
        })}
        {text(
          "payer",
          company ? "付款方" : "付款人",
          company
            ? { placeholder: "请输入付款方名称", maxLength: 100 }
            : { placeholder: "请输入付款人姓名", maxLength: 100 },
        )}

        {profession === "OTHER" && <ExtraAccounts form={form} />}

        {questions.length > 0 && <h2 className="signup-section">补充信息</h2>}
        {questions.map((q) => (
          <QuestionItem key={q.questionId} q={q} form={form} />
        ))}

        <h2 className="signup-section">订单信息</h2>
        <div className="signup-quantity">
          <Field id={form.id("orderNum")} label="下单份数" required error={form.errors.orderNum}>
            <span className="ui-affix">
              <input
                className="ui-input"
                type="text"
                placeholder="请输入份数"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={3}
                {...form.text("orderNum", digitsOnly)}
              />
              <span className="ui-suffix">份</span>
            </span>
          </Field>
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
            <Checkbox checked={agreed} onChange={setAgreed}>
              我已阅读并同意上述合同条款
            </Checkbox>
          </div>
        )}

        <button
          type="submit"
          className={`ui-btn ui-btn-primary ui-btn-lg ui-btn-block signup-submit${submitting ? " ui-loading" : ""}`}
          disabled={submitting}
        >
          {submitting && <Spinner />}
          <span>提交并支付 ¥{formatYuan(total)}</span>
        </button>
        <p className="signup-note">提交后将跳转至支付页面，订单信息仅用于本次报名服务。</p>
      </form>
    </div>
  );
}

let accountKey = 0;

function ExtraAccounts({ form }: { form: Form }) {
  const accounts = (form.values.extraAccounts as string[] | undefined) ?? [""];
  const [keys, setKeys] = useState<number[]>(() => accounts.map(() => ++accountKey));
  const update = (next: string[], nextKeys: number[]) => {
    setKeys(nextKeys);
    form.set("extraAccounts", next);
  };
  return (
    <div className="signup-extra">
      <div className="signup-extra-label">其他平台账号（选填，最多 {MAX_EXTRA_ACCOUNTS} 个）</div>
      {accounts.map((a, i) => (
        <div className="signup-extra-row" key={keys[i] ?? i}>
          <input
            className="ui-input"
            type="text"
            value={a}
            onChange={(e) =>
              update(
                accounts.map((x, j) => (j === i ? e.target.value : x)),
                keys,
              )
            }
            placeholder="平台及账号，如：小红书 @店铺名"
            maxLength={LIMITS.extraAccount}
            aria-label={`其他平台账号 ${i + 1}`}
          />
          {accounts.length > 1 && (
            <button
              type="button"
              className="ui-btn ui-btn-text"
              aria-label="删除该账号"
              onClick={() =>
                update(
                  accounts.filter((_, j) => j !== i),
                  keys.filter((_, j) => j !== i),
                )
              }
            >
              <DeleteIcon />
            </button>
          )}
        </div>
      ))}
      {accounts.length < MAX_EXTRA_ACCOUNTS && (
        <button
          type="button"
          className="ui-btn ui-btn-dashed"
          onClick={() => update([...accounts, ""], [...keys, ++accountKey])}
        >
          <PlusIcon />
          <span>添加账号</span>
        </button>
      )}
    </div>
  );
}

function QuestionItem({ q, form }: { q: Question; form: Form }) {
  const name = questionField(q.questionId);
  const id = form.id(name);
  const required = q.required === "TRUE";
  const extra = q.showTitle && q.showTitle !== q.questionTitle ? q.showTitle : undefined;
  const error = form.errors[name];
  const options = q.additionList.map((o) => ({ value: o.optionTitle, label: o.optionTitle }));
  switch (q.questionType) {
    case "INPUT":
      return (
        <Field id={id} label={q.questionTitle} required={required} error={error}>
          <input
            className="ui-input"
            type="text"
            placeholder={q.showTitle || `请输入${q.questionTitle}`}
            maxLength={LIMITS.input}
            {...form.text(name)}
          />
        </Field>
      );
    case "TEXTAREA":
      return (
        <Field id={id} label={q.questionTitle} required={required} error={error}>
          <TextArea
            placeholder={q.showTitle || `请输入${q.questionTitle}`}
            maxLength={LIMITS.textarea}
            {...form.text(name)}
          />
        </Field>
      );
    case "RADIO":
      return (
        <Field id={id} label={q.questionTitle} required={required} extra={extra} error={error} group>
          <RadioGroup
            id={id}
            name={name}
            value={(form.values[name] as string | undefined) ?? ""}
            onChange={(x) => form.set(name, x)}
            options={options}
            className="signup-choices"
          />
        </Field>
      );
    case "CHECKBOX":
    case "CHECKBOX_INPUT": {
      const selected = (form.values[name] as string[] | undefined) ?? [];
      return (
        <Field id={id} label={q.questionTitle} required={required} extra={extra} error={error} group>
          <CheckboxGroup
            id={id}
            name={name}
            value={selected}
            onChange={(x) => form.set(name, x)}
            options={options}
            className={
              q.questionType === "CHECKBOX_INPUT" ? "signup-choices signup-choices-inline" : "signup-choices"
            }
          />
          {q.questionType === "CHECKBOX_INPUT" &&
            q.additionList.map((o, i) => {
              const textName = optionTextField(q.questionId, i);
              return o.hasInput ? (
                <input
                  key={o.optionTitle}
                  className="ui-input signup-option-text"
                  type="text"
                  placeholder={`请填写${o.optionTitle}`}
                  maxLength={LIMITS.optionText}
                  disabled={!selected.includes(o.optionTitle)}
                  aria-label={`${o.optionTitle}说明`}
                  {...form.text(textName)}
                  id={form.id(textName)}
                />
              ) : null;
            })}
        </Field>
      );
    }
  }
}
