import crypto from "node:crypto";
import type { Question } from "../../contract/entities";
import {
  CHOICE_SEPARATOR,
  EXTRA_ACCOUNT_QUESTION_ID,
  HIDDEN_QUESTION_IDS,
  LIMITS,
  MAX_EXTRA_ACCOUNTS,
  MEMBERSHIP_QUESTION_ID,
  MESSAGES,
  membershipAnswer,
  OPTION_TEXT_SEPARATOR,
  PROFESSION_QUESTION_ID,
  type Profession,
  professionLabel,
  type SignupPayload,
} from "../../contract/signup";
import type { Config } from "../config";
import type { Database } from "../db";
import { createOrderStore, type OrderRow } from "../entities/orders";
import type { ProductService } from "../entities/products";
import type { Logger } from "../logger";
import { amountToFen, createPayments, fenToAmount, type Payments } from "../payments";
import { AppError, notFound } from "./errors";
import { createPii, loadPiiKey, maskIdCard, maskMobile, maskName, type Pii } from "./pii";
import { fenToYuan } from "./rows";

/** One stored answer: the question's title at the time of the order travels with it. */
export interface StoredAnswer {
  questionId: number;
  title: string;
  answer: string;
}

export type OrderStatus = "PENDING" | "PAID";

/** What /pay/result shows: nothing personal. */
export interface PublicOrder {
  orderNo: string;
  productId: number;
  productName: string;
  quantity: number;
  totalFen: number;
  total: number;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
}

/** What the dev cashier shows: the personal fields masked. */
export interface CashierOrder extends PublicOrder {
  signWay: string;
  signer: string;
  companyName: string | null;
  idCardMasked: string | null;
  contactMasked: string;
  payer: string;
}

export interface SubmitResult {
  orderNo: string;
  /** the HTML payment page */
  html: string;
  /** false when an Idempotency-Key matched an order already stored */
  created: boolean;
}

/** Idempotency-Key: what a browser's random id or a UUID looks like. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Order numbers: Beijing time to the second and 6 random digits (Alipay's out_trade_no allows 64). */
export function newOrderNo(now = new Date()): string {
  const bj = new Date(now.getTime() + 8 * 3600_000).toISOString();
  const stamp = bj.slice(0, 19).replace(/\D/g, "");
  return `${stamp}${String(crypto.randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

const choiceTitles = (q: Question) => q.additionList.map((o) => o.optionTitle);

/** Checks one answer against its question; the Chinese reason, or null when it fits. */
function answerProblem(q: Question, answer: string): string | null {
  const title = q.questionTitle;
  const choice = q.questionType !== "INPUT" && q.questionType !== "TEXTAREA";
  if (answer.trim() === "") {
    if (q.required !== "TRUE") return null;
    return choice ? MESSAGES.choiceRequired(title) : MESSAGES.inputRequired(title);
  }
  switch (q.questionType) {
    case "INPUT":
      return [...answer].length > LIMITS.input ? `${title}不能超过 ${LIMITS.input} 个字` : null;
    case "TEXTAREA":
      return [...answer].length > LIMITS.textarea ? `${title}不能超过 ${LIMITS.textarea} 个字` : null;
    case "RADIO":
      return choiceTitles(q).includes(answer) ? null : `${title}的选项不正确`;
    case "CHECKBOX":
    case "CHECKBOX_INPUT": {
      const pieces = answer.split(CHOICE_SEPARATOR);
      const seen = new Set<string>();
      for (const piece of pieces) {
        let option = q.additionList.find((o) => o.optionTitle === piece);
        if (!option && q.questionType === "CHECKBOX_INPUT") {
          option = q.additionList.find(
            (o) => o.hasInput && piece.startsWith(`${o.optionTitle}${OPTION_TEXT_SEPARATOR}`),
          );
          if (option && [...piece].length - [...option.optionTitle].length - 1 > LIMITS.optionText)
            return `${option.optionTitle}不能超过 ${LIMITS.optionText} 个字`;
        }
        if (!option || seen.has(option.optionTitle)) return `${title}的选项不正确`;
        seen.add(option.optionTitle);
      }
      return null;
    }
  }
}

/**
 * The server's own answer list: every answer must belong to one of the product's questions (or be
 * an extra account of profession OTHER), required questions must be answered, choices must be the
 * question's options; questions 1 and 23 are computed here, whatever the browser sent.
 */
export function canonicalAnswers(opts: {
  productId: number;
  profession: Profession;
  questions: readonly Question[];
  answers: readonly { questionId: number; answer: string }[];
}): StoredAnswer[] {
  const byId = new Map(opts.questions.map((q) => [q.questionId, q]));
  const given = new Map<number, string>();
  const extras: string[] = [];
  for (const a of opts.answers) {
    if (HIDDEN_QUESTION_IDS.includes(a.questionId)) continue;
    if (a.questionId === EXTRA_ACCOUNT_QUESTION_ID) {
      if (opts.profession !== "OTHER") throw new AppError(400, "仅身份为“其他”时可填写其他账号");
      const v = a.answer.trim();
      if ([...v].length > LIMITS.extraAccount)
        throw new AppError(400, `其他账号不能超过 ${LIMITS.extraAccount} 个字`);
      if (v) extras.push(v);
      continue;
    }
    if (!byId.has(a.questionId)) throw new AppError(400, "回答了不属于该产品的问题");
    if (given.has(a.questionId)) throw new AppError(400, "同一问题只能回答一次");
    given.set(a.questionId, a.answer);
  }
  if (extras.length > MAX_EXTRA_ACCOUNTS)
    throw new AppError(400, `其他账号最多填写 ${MAX_EXTRA_ACCOUNTS} 个`);

  const out: StoredAnswer[] = [];
  for (const q of opts.questions) {
    if (HIDDEN_QUESTION_IDS.includes(q.questionId)) continue;
    const raw = given.get(q.questionId) ?? "";
    const answer = q.questionType === "INPUT" || q.questionType === "TEXTAREA" ? raw.trim() : raw;
    const problem = answerProblem(q, answer);
    if (problem) throw new AppError(400, problem);
    if (answer) out.push({ questionId: q.questionId, title: q.questionTitle, answer });
  }
  for (const answer of extras) out.push({ questionId: EXTRA_ACCOUNT_QUESTION_ID, title: "其他账号", answer });
  out.push({
    questionId: PROFESSION_QUESTION_ID,
    title: "会员身份",
    answer: professionLabel(opts.profession),
  });
  out.push({
    questionId: MEMBERSHIP_QUESTION_ID,
    title: "会员类型",
    answer: membershipAnswer(opts.productId),
  });
  return out;
}

export function createSignupService(opts: {
  config: Config;
  database: Database;
  logger: Logger;
  products: ProductService;
}) {
  const { config, database, logger, products } = opts;
  const { db } = database;
  const piiKey = loadPiiKey({ piiKey: config.PII_KEY, dataDir: config.DATA_DIR });
  const pii: Pii = createPii(piiKey.key);
  const payments: Payments = createPayments(config, pii);
  if (piiKey.source === "file" && config.DATABASE_URL)
    logger.warn(
      "PII_KEY is not set: ID numbers are encrypted with DATA_DIR/pii.key; every instance needs the same key",
    );
  if (payments.provider.name === "dev" && config.NODE_ENV === "production")
    logger.warn("PAYMENT_PROVIDER=dev: sign-ups are paid on the local cashier, no money is collected");

  const orders = createOrderStore(database);
  const byOrderNo = orders.byOrderNo;

  function paymentPage(order: OrderRow, subject: string, origin: string): string {
    const result = `/pay/result?orderNo=${encodeURIComponent(order.order_no)}`;
    return payments.provider.paymentPage({
      orderNo: order.order_no,
      subject,
      totalFen: Number(order.total_fen),
      returnUrl: payments.provider.name === "dev" ? result : `${origin}${result}`,
      notifyUrl: `${origin}/api/onlineApply/alipayNotify`,
    });
  }

  const toPublic = (o: OrderRow & { product_name: string }): PublicOrder => ({
    orderNo: o.order_no,
    productId: o.product_id,
    productName: o.product_name,
    quantity: o.quantity,
    totalFen: Number(o.total_fen),
    total: fenToYuan(Number(o.total_fen)),
    status: o.status,
    createdAt: o.created_at,
    paidAt: o.paid_at,
  });

  /**
   * The gateway's asynchronous notify: signature, app id, order and amount are checked before
   * TRADE_SUCCESS / TRADE_FINISHED marks the order PAID, once. "success" tells the gateway to
   * stop retrying (also for a repeat of a notify already applied); "fail" means nothing changed.
   */
  async function handleNotify(params: Record<string, unknown>): Promise<"success" | "fail"> {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) {
      if (typeof v !== "string") return reject("malformed");
      fields[k] = v;
    }
    const provider = payments.provider;
    if (!provider.verifyNotify(fields)) return reject("signature");
    if (fields.app_id !== provider.appId) return reject("app id");
    const orderNo = fields.out_trade_no ?? "";
    const order = orderNo ? await byOrderNo(orderNo) : undefined;
    if (!order) return reject("unknown order");
    if (amountToFen(fields.total_amount ?? "") !== Number(order.total_fen)) return reject("amount", orderNo);
    const status = fields.trade_status;
    if (status !== "TRADE_SUCCESS" && status !== "TRADE_FINISHED") return "success";
    const tradeNo = (fields.trade_no ?? "").slice(0, 100) || null;
    if (await orders.markPaid(orderNo, tradeNo)) {
      logger.info({ orderNo, provider: provider.name }, "sign-up order paid");
      return "success";
    }
    const now = await byOrderNo(orderNo);
    if (now?.status === "PAID" && now.trade_no === tradeNo) return "success";
    return reject("paid by another trade", orderNo);

    function reject(reason: string, on?: string): "fail" {
      logger.warn({ reason, orderNo: on }, "payment notify rejected");
      return "fail";
    }
  }

  return {
    pii,
    payments,

    /**
     * Validates a sign-up against the product, stores it as a PENDING order in one transaction,
     * then answers the payment page. A repeated Idempotency-Key answers the stored order again.
     */
    async submit(p: SignupPayload, o: { idempotencyKey?: string; origin: string }): Promise<SubmitResult> {
      const key = o.idempotencyKey;
      if (key !== undefined && !IDEMPOTENCY_KEY_RE.test(key)) throw new AppError(400, "请求标识格式不正确");
      const product = await db
        .selectFrom("products")
        .select(["id", "name", "price_fen"])
        .where("id", "=", p.productId)
        .executeTakeFirst();
      if (!product) throw notFound("产品");
      const questions = await products.questions(product.id);
      const answers = canonicalAnswers({
        productId: product.id,
        profession: p.menberProfession,
        questions,
        answers: p.questionList,
      });

      const company = p.signWay === "COMPANY";
      const companyName = company ? (p.companyName ?? "").trim() : null;
      const signer = company ? companyName! : (p.signer ?? "").trim();
      const idCard = company ? null : (p.idCardNumber ?? "").trim().toUpperCase();
      const quantity = p.orderNum;
      const unitFen = product.price_fen;
      const totalFen = unitFen * quantity;
      if (!Number.isSafeInteger(totalFen)) throw new AppError(400, MESSAGES.orderNumInvalid);

      const canonical = {
        productId: product.id,
        shopId: p.shopId || null,
        shopName: p.shopName || null,
        profession: p.menberProfession,
        signWay: p.signWay,
        companyName,
        signer,
        contact: p.contact,
        idCard,
        payer: p.payer,
        quantity,
        answers,
      };
      const requestHash = pii.mac(JSON.stringify(canonical));

      const stored = await orders.insertOnce(
        {
          product_id: product.id,
          shop_id: canonical.shopId,
          shop_name: canonical.shopName,
          profession: p.menberProfession,
          sign_way: p.signWay,
          company_name: companyName,
          signer,
          contact: p.contact,
          id_card_enc: idCard ? pii.encrypt(idCard) : null,
          id_card_masked: idCard ? maskIdCard(idCard) : null,
          payer: p.payer,
          quantity,
          unit_price_fen: unitFen,
          total_fen: totalFen,
          answers_json: JSON.stringify(answers),
          status: "PENDING",
          request_hash: requestHash,
          trade_no: null,
          created_at: new Date().toISOString(),
          paid_at: null,
        },
        key,
        () => newOrderNo(),
      );

      if (!stored.created && stored.row.request_hash !== requestHash) {
        throw new AppError(409, "该表单已提交过，请刷新页面后重新填写");
      }
      if (stored.created)
        logger.info(
          { orderNo: stored.row.order_no, productId: product.id, totalFen, provider: payments.provider.name },
          "sign-up order created",
        );
      return {
        orderNo: stored.row.order_no,
        html: paymentPage(stored.row, product.name, o.origin),
        created: stored.created,
      };
    },

    handleNotify,

    /** The order as /pay/result shows it, or null. */
    async publicOrder(orderNo: string): Promise<PublicOrder | null> {
      if (!orderNo || orderNo.length > 40) return null;
      const o = await orders.withProductName(orderNo);
      return o ? toPublic(o) : null;
    },

    /** Dev gateway: the signed payment request → the cashier's address, or null when forged. */
    async devGateway(params: Record<string, unknown>): Promise<string | null> {
      const dev = payments.dev;
      if (!dev) return null;
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) if (typeof v === "string") fields[k] = v;
      if (!dev.verifyRequest(fields) || fields.app_id !== dev.appId) return null;
      const order = await byOrderNo(fields.out_trade_no ?? "");
      if (!order || amountToFen(fields.total_amount ?? "") !== Number(order.total_fen)) return null;
      const q = new URLSearchParams({ orderNo: order.order_no, token: dev.cashierToken(order.order_no) });
      return `/pay/cashier?${q}`;
    },

    /** Dev cashier: the order with personal fields masked, for the holder of its token. */
    async cashierOrder(orderNo: string, token: string): Promise<CashierOrder | null> {
      const dev = payments.dev;
      if (!dev || !orderNo || !token || !dev.verifyCashierToken(orderNo, token)) return null;
      const o = await orders.withProductName(orderNo);
      if (!o) return null;
      const company = o.sign_way === "COMPANY";
      return {
        ...toPublic(o),
        signWay: o.sign_way,
        signer: company ? o.signer : maskName(o.signer),
        companyName: o.company_name,
        idCardMasked: o.id_card_masked,
        contactMasked: maskMobile(o.contact),
        payer: company ? o.payer : maskName(o.payer),
      };
    },

    /** Dev cashier's 确认支付: a notify signed like the gateway's, through handleNotify. */
    async devPay(orderNo: string, token: string): Promise<"success" | "fail"> {
      const dev = payments.dev;
      if (!dev?.verifyCashierToken(orderNo, token)) return "fail";
      const o = await byOrderNo(orderNo);
      if (!o) return "fail";
      const notify = dev.signNotify({
        app_id: dev.appId,
        notify_time: new Date().toISOString(),
        notify_type: "trade_status_sync",
        notify_id: crypto.randomUUID(),
        out_trade_no: o.order_no,
        trade_no: o.trade_no ?? `DEV${o.order_no}`,
        total_amount: fenToAmount(Number(o.total_fen)),
        trade_status: "TRADE_SUCCESS",
      });
      return handleNotify(notify);
    },

    /** The stored order (operators, tests). */
    order: byOrderNo,
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
