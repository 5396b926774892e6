/** One interface for every payment provider; the sign-up service never knows which one runs. */

export interface PaymentRequest {
  orderNo: string;
  /** what the payer sees on the cashier (the product name); no personal data */
  subject: string;
  totalFen: number;
  /** absolute URLs when the gateway is elsewhere; the dev cashier works with site-relative ones */
  returnUrl: string;
  notifyUrl: string;
}

export interface PaymentProvider {
  readonly name: "dev" | "alipay";
  /** the app id a genuine notify must carry */
  readonly appId: string;
  /** A whole HTML document whose script submits the signed payment form at once. */
  paymentPage(req: PaymentRequest): string;
  /** true when the notify's signature is the gateway's */
  verifyNotify(params: Record<string, string>): boolean;
}

/** Alipay's amount format: yuan with two decimals. */
export const fenToAmount = (fen: number): string => {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** "2999.00" → 299900; null for anything that is not a plain amount with at most two decimals. */
export const amountToFen = (amount: string): number | null => {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The document around a provider's auto-submitting form. */
export function paymentDocument(formHtml: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>正在前往支付</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>body{margin:0;font:16px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,sans-serif;color:#1F2329;background:#F5F6F7;text-align:center;padding:120px 16px}</style>
</head><body><p>正在前往支付页面，请稍候…</p>${formHtml}</body></html>`;
}

/** The one auto-submit script of every payment page: constant, so the page's CSP allows it by hash. */
export const AUTO_SUBMIT_ID = "paySubmit";
export const AUTO_SUBMIT_SCRIPT = `HTMLFormElement.prototype.submit.call(document.getElementById("${AUTO_SUBMIT_ID}"));`;

/** A POST form with hidden fields and the script that submits it. */
export function autoSubmitForm(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<form id="${AUTO_SUBMIT_ID}" action="${escapeHtml(action)}" method="post">${inputs}<noscript><button type="submit">前往支付</button></noscript></form><script>${AUTO_SUBMIT_SCRIPT}</script>`;
}
