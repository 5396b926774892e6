import crypto from "node:crypto";
import {
  autoSubmitForm,
  fenToAmount,
  type PaymentProvider,
  type PaymentRequest,
  paymentDocument,
} from "./types";

/** The dev gateway's app id: a genuine notify of ours carries it. */
export const DEV_APP_ID = "dev-cashier";
export const DEV_GATEWAY_PATH = "/api/pay/dev/gateway";

/** Alipay's signing string: keys sorted, sign and sign_type left out, key=value joined with &. */
export function signingString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type" && params[k] !== undefined && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * Our local cashier, so the whole flow runs offline: its payment page posts a signed request to
 * the dev gateway, the cashier page shows the order, and 确认支付 sends a notify signed like
 * Alipay's (HMAC-SHA256 instead of RSA) through the same verification path as a real one.
 */
export function createDevProvider(secret: Buffer) {
  const hmac = (s: string) => crypto.createHmac("sha256", secret).update(s).digest("base64");
  const sign = (params: Record<string, string>) => ({
    ...params,
    sign_type: "HMAC-SHA256",
    sign: hmac(signingString(params)),
  });
  const verify = (params: Record<string, string>) =>
    typeof params.sign === "string" && safeEqual(params.sign, hmac(signingString(params)));

  const provider: PaymentProvider & {
    signRequest(req: PaymentRequest): Record<string, string>;
    verifyRequest(params: Record<string, string>): boolean;
    cashierToken(orderNo: string): string;
    verifyCashierToken(orderNo: string, token: string): boolean;
    signNotify(params: Record<string, string>): Record<string, string>;
  } = {
    name: "dev",
    appId: DEV_APP_ID,
    signRequest(req) {
      return sign({
        app_id: DEV_APP_ID,
        method: "dev.trade.page.pay",
        out_trade_no: req.orderNo,
        total_amount: fenToAmount(req.totalFen),
        subject: req.subject,
        return_url: req.returnUrl,
        timestamp: new Date().toISOString(),
      });
    },
    verifyRequest: verify,
    paymentPage(req) {
      return paymentDocument(autoSubmitForm(DEV_GATEWAY_PATH, provider.signRequest(req)));
    },
    cashierToken(orderNo) {
      return crypto.createHmac("sha256", secret).update(`cashier:${orderNo}`).digest("base64url");
    },
    verifyCashierToken(orderNo, token) {
      return safeEqual(token, provider.cashierToken(orderNo));
    },
    signNotify: sign,
    verifyNotify: verify,
  };
  return provider;
}

export type DevProvider = ReturnType<typeof createDevProvider>;
