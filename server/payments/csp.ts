import crypto from "node:crypto";
import type { Config } from "../config";
import type { CspRules } from "../http/security";
import { AUTO_SUBMIT_SCRIPT } from "./types";

const scriptHash = `'sha256-${crypto.createHash("sha256").update(AUTO_SUBMIT_SCRIPT).digest("base64")}'`;

/**
 * The sign-up form pages write the payment page into their own document, which keeps their
 * Content-Security-Policy: allow its one auto-submit script (by hash) and, for Alipay, posting
 * the form to the gateway and the cashier it redirects to.
 */
export function paymentCspRules(config: Config): CspRules {
  const formAction: string[] = [];
  if (config.PAYMENT_PROVIDER === "alipay") {
    const gateway = new URL(config.ALIPAY_GATEWAY);
    formAction.push(gateway.origin, "https://*.alipay.com");
    if (gateway.hostname.endsWith(".alipaydev.com")) formAction.push("https://*.alipaydev.com");
  }
  const extras = { scriptSrc: [scriptHash], formAction };
  return ["/tzyx/zebra/product/", "/txws/zebra/product/"].map((prefix) => ({ prefix, extras }));
}
