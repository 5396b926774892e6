import { z } from "zod";
import { MESSAGES, PayCommitResultSchema, SignupPayloadSchema } from "../../contract/signup";
import { plainPage as page } from "../http/error-page";
import { originOf } from "../http/origin";
import type { LimitRule } from "../services/limits";
import { endpoint } from "./endpoint";

/** Sign-up submits per visitor IP (hashed): enough for retries and a few colleagues behind one NAT. */
export const SIGNUP_LIMIT: LimitRule = {
  name: "signup",
  points: 20,
  durationSec: 600,
  message: MESSAGES.tooMany,
};

export const signupEndpoints = [
  endpoint({
    method: "post",
    path: "/api/onlineApply/payCommit",
    tag: "报名",
    summary: "Submit a sign-up: store the order, answer the payment page",
    description: [
      "JSON or form-encoded body (questionList as a JSON string in a form body). The order is stored",
      "(PENDING) before the payment page is produced; the total is the product's price times orderNum,",
      "computed on the server. Send an Idempotency-Key header (8-100 characters of A-Z a-z 0-9 _ . : -)",
      "so a retried submit answers the same order and payment page; the same key with a different form",
      `answers 409. Limited to ${SIGNUP_LIMIT.points} submits per ${SIGNUP_LIMIT.durationSec / 60} minutes per IP (429), counted before the body is read.`,
    ].join(" "),
    query: SignupPayloadSchema,
    response: PayCommitResultSchema,
    limit: SIGNUP_LIMIT,
    handler: async (q, s, c) => {
      const r = await s.signup.submit(q, {
        idempotencyKey: c.req.header("idempotency-key")?.trim(),
        // the gateway's return and notify addresses: PUBLIC_URL, else the host the server checked
        origin: originOf(c),
      });
      c.header("Cache-Control", "no-store");
      return { result: r.html, orderNo: r.orderNo };
    },
  }),
  endpoint({
    method: "post",
    path: "/api/onlineApply/alipayNotify",
    tag: "报名",
    summary: "Payment gateway's asynchronous notify (answers plain success / fail)",
    description:
      "Form-encoded notify of Alipay (or of the dev cashier). Verified with the gateway's key, then app id, order and amount; TRADE_SUCCESS / TRADE_FINISHED marks the order paid once. Answers text/plain `success`, or `fail` with nothing changed.",
    query: z.looseObject({}),
    response: z.string(),
    handler: async (q, s, c) => c.text(await s.signup.handleNotify(q)),
  }),
  endpoint({
    method: "post",
    path: "/api/pay/dev/gateway",
    tag: "报名",
    summary: "Dev cashier: receives the signed payment form (PAYMENT_PROVIDER=dev only)",
    description: "Verifies the payment request like a gateway would and redirects (303) to /pay/cashier.",
    query: z.looseObject({}),
    response: z.string(),
    handler: async (q, s, c) => {
      if (!s.signup.payments.dev) return c.html(page("页面不存在", "该支付方式未启用。"), 404);
      const to = await s.signup.devGateway(q);
      if (!to) return c.html(page("支付请求无效", "支付请求签名不正确或订单不存在，请返回重新提交。"), 400);
      return c.redirect(to, 303);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/pay/dev/confirm",
    tag: "报名",
    summary: "Dev cashier: 确认支付 (PAYMENT_PROVIDER=dev only)",
    description:
      "Sends a notify signed with the dev gateway's key through the same verification as a real one, then redirects (303) to /pay/result.",
    query: z.object({
      orderNo: z
        .string({ error: "缺少参数 orderNo" })
        .trim()
        .min(1, "缺少参数 orderNo")
        .max(40, "参数 orderNo 不正确"),
      token: z
        .string({ error: "缺少参数 token" })
        .trim()
        .min(1, "缺少参数 token")
        .max(100, "参数 token 不正确"),
    }),
    response: z.string(),
    handler: async (q, s, c) => {
      if (!s.signup.payments.dev) return c.html(page("页面不存在", "该支付方式未启用。"), 404);
      const r = await s.signup.devPay(q.orderNo, q.token);
      if (r !== "success") return c.html(page("支付失败", "订单不存在或支付凭证无效，请返回重新提交。"), 400);
      return c.redirect(`/pay/result?orderNo=${encodeURIComponent(q.orderNo)}`, 303);
    },
  }),
];
