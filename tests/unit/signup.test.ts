import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Question } from "../../contract/entities";
import {
  buildQuestionList,
  buildSignupPayload,
  EXTRA_ACCOUNT_QUESTION_ID,
  fieldError,
  fieldSchemas,
  idCheckChar,
  isMobile,
  isValidIdCard,
  type Profession,
  type SignupFormValues,
  SignupPayloadSchema,
  totalYuan,
} from "../../contract/signup";
import { parsePiiKey } from "../../server/config/values";
import { amountToFen, fenToAmount } from "../../server/payments";
import { createPii, loadPiiKey, maskIdCard, maskMobile, maskName } from "../../server/services/pii";
import { canonicalAnswers, newOrderNo } from "../../server/services/signup";

const NOW = new Date("2025-06-01T00:00:00Z");

describe("ID numbers", () => {
  it.each(["11010519491231002X", "11010519491231002x", "440524188001010014", "110105491231002"])(
    "accepts %s",
    (id) => expect(isValidIdCard(id, NOW)).toBe(true),
  );

  it.each([
    ["110105194912310021", "wrong check character"],
    ["110105194902310026", "31 February"],
    ["990105194912310020", "region 99 does not exist"],
    ["110000194912310021", "a province code, not a county"],
    ["110105490231002", "15 digits with an impossible date"],
    ["11010519491231002", "17 characters"],
    ["1101051949123100211", "19 characters"],
    ["11010519491231002Y", "Y is no check character"],
    ["", "empty"],
  ])("rejects %s (%s)", (id) => expect(isValidIdCard(id, NOW)).toBe(false));

  it("rejects a birth date in the future", () => {
    const first17 = "11010520300101001";
    expect(isValidIdCard(first17 + idCheckChar(first17), NOW)).toBe(false);
  });

  it("accepts exactly the check character GB 11643 computes", () => {
    const region = fc.constantFrom("110105", "440524", "310104", "510107", "650102");
    const date = fc
      .date({
        min: new Date("1900-01-01T00:00:00Z"),
        max: new Date("2020-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10).replace(/-/g, ""));
    const seq = fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, "0"));
    fc.assert(
      fc.property(region, date, seq, fc.constantFrom(..."0123456789X"), (r, d, s, other) => {
        const first17 = `${r}${d}${s}`;
        const check = idCheckChar(first17);
        expect(isValidIdCard(first17 + check, NOW)).toBe(true);
        if (other !== check) expect(isValidIdCard(first17 + other, NOW)).toBe(false);
      }),
    );
  });

  it("answers the form's messages", () => {
    expect(fieldError(fieldSchemas.idCardNumber, "")).toBe("请输入身份证号码");
    expect(fieldError(fieldSchemas.idCardNumber, undefined)).toBe("请输入身份证号码");
    expect(fieldError(fieldSchemas.idCardNumber, "110105194912310021")).toBe("请输入正确的身份证号");
    expect(fieldError(fieldSchemas.idCardNumber, " 11010519491231002x ")).toBeNull();
    expect(fieldSchemas.idCardNumber.parse("11010519491231002x")).toBe("11010519491231002X");
  });
});

describe("mobile numbers", () => {
  it.each(["13800138000", "14712345678", "15012345678", "16612345678", "17012345678", "19912345678"])(
    "accepts %s",
    (m) => expect(isMobile(m)).toBe(true),
  );
  it.each(["12012345678", "10012345678", "1381234567", "138123456789", "2381234567a", "+8613800138000"])(
    "rejects %s",
    (m) => expect(isMobile(m)).toBe(false),
  );
  it("answers the form's messages", () => {
    expect(fieldError(fieldSchemas.contact, "")).toBe("手机号不能为空");
    expect(fieldError(fieldSchemas.contact, "12345")).toBe("请输入正确的手机号");
    expect(fieldError(fieldSchemas.contact, 16612345678)).toBeNull();
  });
});

describe("quantity and totals", () => {
  it("multiplies in fen", () => {
    expect(totalYuan(2999, 3)).toBe(8997);
    expect(totalYuan(0.1, 3)).toBe(0.3);
    expect(totalYuan(99, 0)).toBe(0);
    expect(totalYuan(19.9, 7)).toBe(139.3);
  });
  it("formats and parses Alipay amounts exactly", () => {
    expect(fenToAmount(299900)).toBe("2999.00");
    expect(fenToAmount(5)).toBe("0.05");
    expect(amountToFen("2999.00")).toBe(299900);
    expect(amountToFen("0.5")).toBe(50);
    expect(amountToFen("1e3")).toBeNull();
    expect(amountToFen("-1.00")).toBeNull();
    expect(amountToFen("1.001")).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (fen) => amountToFen(fenToAmount(fen)) === fen));
  });
  it("accepts 1 to 999 copies with the form's messages", () => {
    expect(fieldError(fieldSchemas.orderNum, "")).toBe("请输入下单份数");
    expect(fieldError(fieldSchemas.orderNum, "0")).toContain("1 到 999");
    expect(fieldError(fieldSchemas.orderNum, "1000")).toContain("1 到 999");
    expect(fieldError(fieldSchemas.orderNum, "2.5")).toContain("1 到 999");
    expect(fieldSchemas.orderNum.parse("12")).toBe(12);
    expect(fieldSchemas.orderNum.parse(3)).toBe(3);
  });
});

const Q = (
  questionId: number,
  questionType: Question["questionType"],
  questionTitle: string,
  required: boolean,
  options: [string, boolean?][] = [],
): Question => ({
  questionId,
  questionTitle,
  showTitle: questionTitle,
  questionField: `f${questionId}`,
  questionType,
  required: required ? "TRUE" : "FALSE",
  additionList: options.map(([optionTitle, hasInput]) => ({ optionTitle, questionId, hasInput: !!hasInput })),
});

const QUESTIONS: Question[] = [
  Q(101, "INPUT", "企业名称", true),
  Q(102, "CHECKBOX_INPUT", "经营平台", true, [["抖音电商"], ["京东"], ["其他平台", true]]),
  Q(103, "RADIO", "主营类目", true, [["美妆个护"], ["食品饮料"]]),
  Q(104, "CHECKBOX", "合作需求", false, [["品牌曝光"], ["培训课程"]]),
  Q(105, "TEXTAREA", "企业简介", false),
];

describe("the answer list", () => {
  const values = {
    q_101: "  星河电商 ",
    q_102: ["其他平台", "抖音电商"],
    qt_102_2: "小红书, 视频号",
    q_103: "美妆个护",
    q_104: [],
    q_105: "",
  };

  it("answers the product's questions in form order, then question 1 and question 23", () => {
    const list = buildQuestionList({ productId: 210, profession: "MERCHANT", questions: QUESTIONS, values });
    expect(list).toEqual([
      { questionId: 101, answer: "星河电商" },
      { questionId: 102, answer: "抖音电商,其他平台:小红书， 视频号" },
      { questionId: 103, answer: "美妆个护" },
      { questionId: 1, answer: "商家" },
      { questionId: 23, answer: "会员" },
    ]);
    const other = buildQuestionList({ productId: 278, profession: "ANCHOR", questions: [], values: {} });
    expect(other).toEqual([
      { questionId: 1, answer: "主播" },
      { questionId: 23, answer: "理事" },
    ]);
  });

  it("adds OTHER's non-empty extra accounts (at most 5) under the documented id", () => {
    const extraAccounts = ["抖音号 abc", " ", "快手号 x", "a", "b", "c", "d"];
    const list = buildQuestionList({
      productId: 416,
      profession: "OTHER",
      questions: [],
      values: {},
      extraAccounts,
    });
    expect(list.filter((a) => a.questionId === EXTRA_ACCOUNT_QUESTION_ID).map((a) => a.answer)).toEqual([
      "抖音号 abc",
      "快手号 x",
      "a",
      "b",
    ]);
    expect(list.at(-2)).toEqual({ questionId: 1, answer: "其他" });
    const notOther = buildQuestionList({
      productId: 416,
      profession: "ANCHOR",
      questions: [],
      values: {},
      extraAccounts,
    });
    expect(notOther.some((a) => a.questionId === EXTRA_ACCOUNT_QUESTION_ID)).toBe(false);
  });

  it("COMPANY: the signer is the company name and no ID number is sent; shopId only on /tzyx", () => {
    const v: SignupFormValues = {
      menberProfession: "ANCHOR",
      signWay: "COMPANY",
      companyName: " 杭州星河电子商务有限公司 ",
      signer: "张三",
      idCardNumber: "11010519491231002X",
      contact: "13800138000",
      payer: "杭州星河电子商务有限公司",
      orderNum: "2",
    };
    const p = buildSignupPayload({
      productId: 278,
      variant: "tzyx",
      shopId: "s1",
      shopName: "店",
      questions: [],
      values: v,
    });
    expect(p.signer).toBe("杭州星河电子商务有限公司");
    expect(p.companyName).toBe("杭州星河电子商务有限公司");
    expect(p.idCardNumber).toBe("");
    expect(p.shopId).toBe("s1");
    expect(SignupPayloadSchema.safeParse(p).success).toBe(true);
    const txws = buildSignupPayload({
      productId: 278,
      variant: "txws",
      shopId: "s1",
      shopName: "店",
      questions: [],
      values: v,
    });
    expect(txws.shopId).toBeUndefined();
    expect(txws.shopName).toBe("店");
    const individual = buildSignupPayload({
      productId: 278,
      variant: "txws",
      questions: [],
      values: { ...v, signWay: "INDIVIDUAL", idCardNumber: "" },
    });
    expect(individual.signer).toBe("张三");
    const r = SignupPayloadSchema.safeParse(individual);
    expect(r.success ? null : r.error.issues[0]?.message).toBe("请输入身份证号码");
  });
});

describe("the server's answer check", () => {
  const base = { productId: 210, profession: "MERCHANT" as Profession, questions: QUESTIONS };
  const good = [
    { questionId: 101, answer: "星河电商" },
    { questionId: 102, answer: "抖音电商,其他平台:小红书" },
    { questionId: 103, answer: "美妆个护" },
  ];
  const problem = (answers: { questionId: number; answer: string }[], profession = base.profession) => {
    try {
      canonicalAnswers({ ...base, profession, answers });
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it("recomputes questions 1 and 23 whatever was sent", () => {
    const list = canonicalAnswers({
      ...base,
      answers: [...good, { questionId: 1, answer: "老板" }, { questionId: 23, answer: "战略会员" }],
    });
    expect(list.slice(-2).map((a) => a.answer)).toEqual(["商家", "会员"]);
    expect(list[0]).toEqual({ questionId: 101, title: "企业名称", answer: "星河电商" });
  });

  it("answers the form's messages for required questions", () => {
    expect(problem(good.filter((a) => a.questionId !== 101))).toBe("请输入企业名称");
    expect(problem([...good.slice(1), { questionId: 101, answer: "   " }])).toBe("请输入企业名称");
    expect(problem(good.filter((a) => a.questionId !== 102))).toBe("请选择经营平台");
    expect(problem(good.filter((a) => a.questionId !== 103))).toBe("请选择主营类目");
  });

  it("refuses options the question does not have, foreign questions and repeats", () => {
    expect(problem([...good.slice(0, 2), { questionId: 103, answer: "汽车" }])).toBe("主营类目的选项不正确");
    expect(problem([good[0]!, { questionId: 102, answer: "抖音电商,抖音电商" }, good[2]!])).toBe(
      "经营平台的选项不正确",
    );
    expect(problem([good[0]!, { questionId: 102, answer: "京东:自营" }, good[2]!])).toBe(
      "经营平台的选项不正确",
    );
    expect(problem([...good, { questionId: 999, answer: "x" }])).toBe("回答了不属于该产品的问题");
    expect(problem([...good, good[0]!])).toBe("同一问题只能回答一次");
    expect(problem([{ questionId: 101, answer: "x".repeat(201) }, ...good.slice(1)])).toContain(
      "不能超过 200 个字",
    );
  });

  it("takes extra accounts from OTHER only, 5 at most", () => {
    const extra = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ questionId: 24, answer: `账号${i}` }));
    expect(problem([...good, ...extra(1)])).toContain("其他");
    expect(problem([...good, ...extra(5)], "OTHER")).toBeNull();
    expect(problem([...good, ...extra(6)], "OTHER")).toBe("其他账号最多填写 5 个");
  });
});

describe("personal data at rest", () => {
  it("encrypts with AES-256-GCM: fresh IV each time, tamper and wrong key detected", () => {
    const pii = createPii(Buffer.alloc(32, 7));
    const a = pii.encrypt("11010519491231002X");
    const b = pii.encrypt("11010519491231002X");
    expect(a).not.toBe(b);
    expect(a).not.toContain("11010519491231002X");
    expect(pii.decrypt(a)).toBe("11010519491231002X");
    const raw = Buffer.from(a.split(":")[2]!, "base64");
    raw[raw.length - 1]! ^= 1;
    expect(() => pii.decrypt(`v1:${pii.keyId}:${raw.toString("base64")}`)).toThrow();
    expect(() => createPii(Buffer.alloc(32, 8)).decrypt(a)).toThrow();
  });

  it("reads PII_KEY as hex or base64, or generates DATA_DIR/pii.key with mode 0600 once", () => {
    expect(parsePiiKey("ab".repeat(32))?.length).toBe(32);
    expect(parsePiiKey(Buffer.alloc(32, 1).toString("base64"))?.length).toBe(32);
    expect(parsePiiKey("short")).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pii-"));
    try {
      const first = loadPiiKey({ dataDir: dir });
      expect(first.source).toBe("file");
      expect(fs.statSync(path.join(dir, "pii.key")).mode & 0o777).toBe(0o600);
      expect(loadPiiKey({ dataDir: dir }).key.equals(first.key)).toBe(true);
      expect(fs.readdirSync(dir)).toEqual(["pii.key"]);
      expect(loadPiiKey({ dataDir: dir, piiKey: "cd".repeat(32) }).source).toBe("env");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("masks what people see", () => {
    expect(maskIdCard("11010519491231002X")).toBe("110***********002X");
    expect(maskIdCard("110105491231002")).toBe("110********1002");
    expect(maskMobile("13800138000")).toBe("138****8000");
    expect(maskName("张三")).toBe("张*");
    expect(maskName("欧阳娜娜")).toBe("欧***");
  });
});

describe("order numbers", () => {
  it("are Beijing time and 6 random digits", () => {
    const no = newOrderNo(new Date("2025-01-01T16:30:00Z"));
    expect(no).toMatch(/^20250102003000\d{6}$/);
  });
});
