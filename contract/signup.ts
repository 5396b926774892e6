import type { Question } from "./entities";
import { fieldError } from "./field-error";
import { idOf, MAX_ID } from "./params";

export { fieldError };

import { z } from "./zod";

/**
 * The merchant sign-up form (docs/product.md §2 "Sign-up form", §3, §5): one set of rules and Chinese messages,
 * used by the antd form in the browser and by POST /api/onlineApply/payCommit on the server.
 */

export const PROFESSIONS = [
  { value: "ANCHOR", label: "主播" },
  { value: "MERCHANT", label: "商家" },
  { value: "ORGANIZATION", label: "机构" },
  { value: "SUPPLY_CHAIN", label: "供应链" },
  { value: "OTHER", label: "其他" },
] as const;
export type Profession = (typeof PROFESSIONS)[number]["value"];
export const PROFESSION_VALUES = PROFESSIONS.map((p) => p.value) as [Profession, ...Profession[]];
/** The Chinese label of a profession (an unknown value as it is). */
export const professionLabel = (p: string): string => PROFESSIONS.find((x) => x.value === p)?.label ?? p;

export const SIGN_WAYS = [
  { value: "INDIVIDUAL", label: "个人签约" },
  { value: "COMPANY", label: "企业签约" },
] as const;
export type SignWay = (typeof SIGN_WAYS)[number]["value"];

/** Hidden shared question: the profession's Chinese label, always in the answer list. */
export const PROFESSION_QUESTION_ID = 1;
/** Hidden shared question: membership level, 会员 for product 210, otherwise 理事. */
export const MEMBERSHIP_QUESTION_ID = 23;
/**
 * Reserved question id for the extra account entries of profession OTHER: each non-empty entry
 * becomes one answer item { questionId: 24, answer }. No product question may use this id.
 */
export const EXTRA_ACCOUNT_QUESTION_ID = 24;
export const MAX_EXTRA_ACCOUNTS = 5;
export const HIDDEN_QUESTION_IDS: readonly number[] = [PROFESSION_QUESTION_ID, MEMBERSHIP_QUESTION_ID];

/** Products sold without an agreement to tick. */
export const NO_AGREEMENT_PRODUCTS: readonly number[] = [415, 416, 417];
/** Product whose form starts at quantity 1 with the total shown. */
export const DEFAULT_QUANTITY_PRODUCT = 278;
export const MAX_QUANTITY = 999;

export const membershipAnswer = (productId: number): string => (productId === 210 ? "会员" : "理事");

/** Length limits the server enforces on answers. */
export const LIMITS = {
  input: 200,
  textarea: 2000,
  optionText: 100,
  extraAccount: 100,
  questionList: 60,
} as const;

export const MESSAGES = {
  contactRequired: "手机号不能为空",
  contactInvalid: "请输入正确的手机号",
  idCardRequired: "请输入身份证号码",
  idCardInvalid: "请输入正确的身份证号",
  companyNameRequired: "请输入企业名称",
  orderNumRequired: "请输入下单份数",
  orderNumInvalid: `下单份数必须是 1 到 ${MAX_QUANTITY} 之间的整数`,
  payerRequired: "请输入付款人/方",
  signerRequired: "请输入签约人",
  agreement: "请先阅读合同条款！",
  professionInvalid: "请选择身份",
  signWayInvalid: "请选择签约方式",
  productIdInvalid: "参数 productId 不正确",
  questionListInvalid: "问题答案格式不正确",
  success: "操作成功~",
  failurePrefix: "操作失败，原因：",
  tooMany: "提交过于频繁，请稍后再试",
  inputRequired: (title: string) => `请输入${title}`,
  choiceRequired: (title: string) => `请选择${title}`,
} as const;

// ---------------------------------------------------------------------------
// Mobile and ID numbers
// ---------------------------------------------------------------------------

/** Every current mainland mobile prefix: 1 then 3-9, 11 digits. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const isMobile = (s: string): boolean => MOBILE_RE.test(s);

/** Province-level codes of GB/T 2260 (the first two digits of an ID number). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 91,
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = "10X98765432";

function validRegion(id: string): boolean {
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return false;
  // a person's number names a county-level unit: xx0000 is a province, not a place of registration
  return id.slice(2, 6) !== "0000";
}

function validDate(y: number, m: number, d: number, now: Date): boolean {
  if (y < 1800) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() <= now.getTime();
}

/** The GB 11643 check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/**
 * A mainland resident ID number: 18 characters (region, birth date, sequence, GB 11643 check
 * character, X in either case) or the older 15 digits (region and a 19xx birth date).
 */
export function isValidIdCard(raw: string, now = new Date()): boolean {
  const id = raw.trim().toUpperCase();
  if (/^\d{17}[\dX]$/.test(id)) {
    if (!validRegion(id)) return false;
    const y = Number(id.slice(6, 10));
    const m = Number(id.slice(10, 12));
    const d = Number(id.slice(12, 14));
    if (!validDate(y, m, d, now)) return false;
    return idCheckChar(id.slice(0, 17)) === id[17];
  }
  if (/^\d{15}$/.test(id)) {
    if (!validRegion(id)) return false;
    const y = 1900 + Number(id.slice(6, 8));
    const m = Number(id.slice(8, 10));
    const d = Number(id.slice(10, 12));
    return validDate(y, m, d, now);
  }
  return false;
}

// ---------------------------------------------------------------------------
// Field schemas (one per form field; the antd rules wrap these)
// ---------------------------------------------------------------------------

/** Form and JSON bodies may carry numbers where strings are expected; null means absent. */
const asText = (v: unknown) => (typeof v === "number" ? String(v) : v === null ? undefined : v);

const requiredText = (required: string, max: number, label: string) =>
  z.preprocess(
    asText,
    z.string({ error: required }).trim().min(1, required).max(max, `${label}不能超过 ${max} 个字`),
  );

const optionalText = (max: number, label: string) =>
  z.preprocess(
    asText,
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, `${label}过长`)
      .optional(),
  );

export const fieldSchemas = {
  contact: z.preprocess(
    asText,
    z
      .string({ error: MESSAGES.contactRequired })
      .trim()
      .min(1, MESSAGES.contactRequired)
      .regex(MOBILE_RE, MESSAGES.contactInvalid),
  ),
  idCardNumber: z.preprocess(
    asText,
    z
      .string({ error: MESSAGES.idCardRequired })
      .trim()
      .min(1, MESSAGES.idCardRequired)
      .refine((v) => isValidIdCard(v), MESSAGES.idCardInvalid)
      .transform((v) => v.toUpperCase()),
  ),
  companyName: requiredText(MESSAGES.companyNameRequired, 100, "企业名称"),
  signer: requiredText(MESSAGES.signerRequired, 50, "签约人"),
  payer: requiredText(MESSAGES.payerRequired, 100, "付款人/方"),
  orderNum: z.preprocess(
    asText,
    z
      .string({ error: MESSAGES.orderNumRequired })
      .trim()
      .min(1, MESSAGES.orderNumRequired)
      .regex(/^\d{1,6}$/, MESSAGES.orderNumInvalid)
      .transform(Number)
      .pipe(z.number().int().min(1, MESSAGES.orderNumInvalid).max(MAX_QUANTITY, MESSAGES.orderNumInvalid)),
  ),
};

// ---------------------------------------------------------------------------
// The submit payload (docs/product.md §3)
// ---------------------------------------------------------------------------

export const QuestionAnswerSchema = z.object({
  questionId: z.preprocess(
    (v) => (typeof v === "string" ? (idOf(v.trim()) ?? v) : v),
    z
      .number({ error: MESSAGES.questionListInvalid })
      .int(MESSAGES.questionListInvalid)
      .positive(MESSAGES.questionListInvalid)
      .max(MAX_ID, MESSAGES.questionListInvalid),
  ),
  answer: z.preprocess(
    asText,
    z.string({ error: MESSAGES.questionListInvalid }).max(LIMITS.textarea, "回答过长"),
  ),
});
export type QuestionAnswer = z.infer<typeof QuestionAnswerSchema>;

const optionalPlain = z.preprocess(asText, z.string().trim().optional());

/**
 * POST /api/onlineApply/payCommit. JSON or form-encoded (questionList then travels as a JSON string).
 * INDIVIDUAL asks signer and ID number; COMPANY asks the company name (the signer becomes the
 * company name, and an ID number is neither required nor kept). totalPrice, if sent, is ignored.
 */
export const SignupPayloadSchema = z
  .object({
    productId: z.preprocess(
      (v) => (typeof v === "string" ? (idOf(v.trim()) ?? v) : v),
      z
        .number({
          error: (iss) => (iss.input === undefined ? "缺少参数 productId" : MESSAGES.productIdInvalid),
        })
        .int(MESSAGES.productIdInvalid)
        .positive(MESSAGES.productIdInvalid)
        .max(MAX_ID, MESSAGES.productIdInvalid),
    ),
    shopId: optionalText(100, "店铺编号"),
    shopName: optionalText(200, "店铺名称"),
    menberProfession: z.enum(PROFESSION_VALUES, { error: MESSAGES.professionInvalid }),
    signWay: z.enum(["INDIVIDUAL", "COMPANY"], { error: MESSAGES.signWayInvalid }),
    companyName: optionalPlain,
    signer: optionalPlain,
    idCardNumber: optionalPlain,
    contact: fieldSchemas.contact,
    payer: fieldSchemas.payer,
    orderNum: fieldSchemas.orderNum,
    questionList: z.preprocess(
      (v) => {
        if (v === undefined || v === null || v === "") return [];
        if (typeof v !== "string") return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z
        .array(QuestionAnswerSchema, { error: MESSAGES.questionListInvalid })
        .max(LIMITS.questionList, "回答过多"),
    ),
  })
  .superRefine((v, ctx) => {
    const check = (field: keyof typeof fieldSchemas, value: unknown) => {
      const message = fieldError(fieldSchemas[field], value);
      if (message) ctx.addIssue({ code: "custom", path: [field], message });
    };
    if (v.signWay === "COMPANY") check("companyName", v.companyName);
    else {
      check("signer", v.signer);
      check("idCardNumber", v.idCardNumber);
    }
  });
export type SignupPayloadInput = z.input<typeof SignupPayloadSchema>;
export type SignupPayload = z.output<typeof SignupPayloadSchema>;

// ---------------------------------------------------------------------------
// Answers of the dynamic questions
// ---------------------------------------------------------------------------

/** CHECKBOX answers join option titles with ","; an option's free text follows its title after ":". */
export const CHOICE_SEPARATOR = ",";
export const OPTION_TEXT_SEPARATOR = ":";

/** Free text inside a choice answer: no separators, no line breaks, bounded. */
export const cleanOptionText = (s: string): string =>
  s
    .replace(/,/g, "，")
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, LIMITS.optionText);

export function encodeChoices(
  selected: readonly string[],
  texts: Readonly<Record<string, string>> = {},
): string {
  return selected
    .map((title) => {
      const t = cleanOptionText(texts[title] ?? "");
      return t ? `${title}${OPTION_TEXT_SEPARATOR}${t}` : title;
    })
    .join(CHOICE_SEPARATOR);
}

/** Form field names of the dynamic questions. */
export const questionField = (questionId: number) => `q_${questionId}`;
export const optionTextField = (questionId: number, optionIndex: number) => `qt_${questionId}_${optionIndex}`;

/** The answer of one question from the form's values ("" when unanswered). */
export function answerOf(q: Question, values: Readonly<Record<string, unknown>>): string {
  const v = values[questionField(q.questionId)];
  switch (q.questionType) {
    case "INPUT":
    case "TEXTAREA":
      return typeof v === "string" ? v.trim() : "";
    case "RADIO":
      return typeof v === "string" ? v : "";
    case "CHECKBOX":
    case "CHECKBOX_INPUT": {
      const selected = Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
      // keep the question's option order, whatever order they were ticked in
      const ordered = q.additionList.map((o) => o.optionTitle).filter((t) => selected.includes(t));
      const texts: Record<string, string> = {};
      if (q.questionType === "CHECKBOX_INPUT") {
        q.additionList.forEach((o, i) => {
          const t = values[optionTextField(q.questionId, i)];
          if (o.hasInput && typeof t === "string") texts[o.optionTitle] = t;
        });
      }
      return encodeChoices(ordered, texts);
    }
  }
}

/**
 * The questionList of the submit payload: the product's questions in form order (answered ones),
 * then OTHER's non-empty extra accounts under EXTRA_ACCOUNT_QUESTION_ID, then the hidden
 * questions 1 (profession label) and 23 (membership).
 */
export function buildQuestionList(opts: {
  productId: number;
  profession: Profession;
  questions: readonly Question[];
  values: Readonly<Record<string, unknown>>;
  extraAccounts?: readonly unknown[];
}): QuestionAnswer[] {
  const list: QuestionAnswer[] = [];
  for (const q of opts.questions) {
    if (HIDDEN_QUESTION_IDS.includes(q.questionId)) continue;
    const answer = answerOf(q, opts.values);
    if (answer) list.push({ questionId: q.questionId, answer });
  }
  if (opts.profession === "OTHER") {
    for (const a of (opts.extraAccounts ?? []).slice(0, MAX_EXTRA_ACCOUNTS)) {
      const answer = typeof a === "string" ? a.trim() : "";
      if (answer) list.push({ questionId: EXTRA_ACCOUNT_QUESTION_ID, answer });
    }
  }
  list.push({ questionId: PROFESSION_QUESTION_ID, answer: professionLabel(opts.profession) });
  list.push({ questionId: MEMBERSHIP_QUESTION_ID, answer: membershipAnswer(opts.productId) });
  return list;
}

/** What the form holds for the fixed fields. */
export interface SignupFormValues {
  menberProfession: Profession;
  signWay: SignWay;
  companyName?: string;
  signer?: string;
  idCardNumber?: string;
  contact?: string;
  payer?: string;
  orderNum?: string;
  extraAccounts?: string[];
  [field: string]: unknown;
}

/**
 * The submit payload from the form's values. COMPANY: the signer is the company name and no ID
 * number is sent. shopId is sent by the /tzyx variant only.
 */
export function buildSignupPayload(opts: {
  productId: number;
  variant: "tzyx" | "txws";
  shopId?: string | null;
  shopName?: string | null;
  questions: readonly Question[];
  values: SignupFormValues;
}): SignupPayloadInput {
  const v = opts.values;
  const company = v.signWay === "COMPANY";
  const payload: SignupPayloadInput = {
    productId: opts.productId,
    menberProfession: v.menberProfession,
    signWay: v.signWay,
    companyName: company ? (v.companyName ?? "").trim() : "",
    signer: company ? (v.companyName ?? "").trim() : (v.signer ?? "").trim(),
    idCardNumber: company ? "" : (v.idCardNumber ?? "").trim(),
    contact: (v.contact ?? "").trim(),
    payer: (v.payer ?? "").trim(),
    orderNum: v.orderNum ?? "",
    questionList: buildQuestionList({
      productId: opts.productId,
      profession: v.menberProfession,
      questions: opts.questions,
      values: v,
      extraAccounts: v.extraAccounts,
    }),
  };
  if (opts.shopName) payload.shopName = opts.shopName;
  if (opts.variant === "tzyx" && opts.shopId) payload.shopId = opts.shopId;
  return payload;
}

// Money arithmetic lives in ./money (no zod), so the cashier and result pages need not load zod.
export { formatYuan, totalYuan } from "./money";

/** What payCommit answers in data. */
export const PayCommitResultSchema = z.object({
  result: z.string().describe("HTML payment page; its script submits the payment form"),
  orderNo: z.string(),
});
