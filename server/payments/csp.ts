import crypto from "node:crypto";
import type { Config } from "../config";
import { AUTO_SUBMIT_SCRIPT } from "./types";

export interface CspExtras {
  /** extra script sources for one page, e.g. the hash of a payment form's auto-submit script */
  scriptSrc?: string[];
  formAction?: string[];
  frameSrc?: string[];
}

/** Page-specific exceptions, by path prefix; everything else gets the strict policy. */
export type CspRules = { prefix: string; extras: CspExtras }[];

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
