import crypto from "node:crypto";
import { lazily } from "../lazily";
import { autoSubmitForm, fenToAmount, type PaymentProvider, paymentDocument } from "./types";

const alipaySdk = lazily<typeof import("alipay-sdk")>("alipay-sdk");

export interface AlipaySettings {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

/** Keys from the environment: PEM or the bare base64 body, with literal "\n" escapes allowed. */
export function normaliseKey(raw: string): string {
  return raw.replace(/\\n/g, "\n").trim();
}

/** PKCS#8 ("BEGIN PRIVATE KEY", or a bare body that parses as PKCS#8 DER) or PKCS#1. */
export function privateKeyType(key: string): "PKCS1" | "PKCS8" {
  if (key.includes("BEGIN RSA PRIVATE KEY")) return "PKCS1";
  if (key.includes("BEGIN PRIVATE KEY")) return "PKCS8";
  try {
    crypto.createPrivateKey({
      key: Buffer.from(key.replace(/\s+/g, ""), "base64"),
      format: "der",
      type: "pkcs8",
    });
    return "PKCS8";
  } catch {
    return "PKCS1";
  }
}

/**
 * The SDK's form (action URL and hidden fields, only `"` escaped), to re-emit with our escaping and
 * our constant auto-submit script, which the sign-up page's Content-Security-Policy allows by hash.
 */
export function parseSdkForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error("unexpected page-pay form from alipay-sdk");
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)" \/>/g)) {
    fields[m[1]!] = m[2]!.replace(/&quot;/g, '"');
  }
  return { action, fields };
}

/**
 * Alipay computer-website pay (alipay.trade.page.pay): the SDK signs the request with the app's
 * private key offline and returns the auto-submitting form; notifies are verified with Alipay's
 * public key (checkNotifySignV2: values are not URL-decoded again, so a % in a value is fine).
 */
export function createAlipayProvider(s: AlipaySettings): PaymentProvider {
  const privateKey = normaliseKey(s.privateKey);
  const sdk = new (alipaySdk().AlipaySdk)({
    appId: s.appId,
    privateKey,
    keyType: privateKeyType(privateKey),
    alipayPublicKey: normaliseKey(s.alipayPublicKey),
    gateway: s.gateway,
    signType: "RSA2",
  });
  // Fail at start, not at the first payment: the SDK only reformats the keys it is given.
  try {
    crypto.createPrivateKey(sdk.config.privateKey);
  } catch {
    throw new Error("ALIPAY_PRIVATE_KEY is not a readable RSA private key");
  }
  try {
    crypto.createPublicKey(sdk.config.alipayPublicKey ?? "");
  } catch {
    throw new Error("ALIPAY_PUBLIC_KEY is not a readable RSA public key");
  }
  return {
    name: "alipay",
    appId: s.appId,
    paymentPage(req) {
      const form = sdk.pageExecute("alipay.trade.page.pay", "POST", {
        bizContent: {
          out_trade_no: req.orderNo,
          product_code: "FAST_INSTANT_TRADE_PAY",
          total_amount: fenToAmount(req.totalFen),
          subject: req.subject.slice(0, 256),
        },
        returnUrl: req.returnUrl,
        notifyUrl: req.notifyUrl,
      });
      const { action, fields } = parseSdkForm(form);
      return paymentDocument(autoSubmitForm(action, fields));
    },
    verifyNotify(params) {
      try {
        return sdk.checkNotifySignV2(params);
      } catch {
        return false;
      }
    },
  };
}
