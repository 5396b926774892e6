/**
 * The money pages (sign-up, MCN, cashier) as the money benchmark and the screenshot script visit
 * them: their paths, and a real order of the demo database to open the dev cashier with.
 */
export const SIGNUP_278 = "/tzyx/zebra/product/278";
export const SIGNUP_415 = "/tzyx/zebra/product/415";
export const MCN = "/wxmcn";

/**
 * Places an order for product 415 (no agreement) and follows the dev gateway's hand-off:
 * the cashier's address (`/pay/cashier?orderNo=…&token=…`).
 */
export async function cashierPath(base: string, ip = "198.51.100.77"): Promise<string> {
  const res = await fetch(`${base}/api/onlineApply/payCommit`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": `bench-${Date.now()}-${Math.random().toString(16).slice(2)}`,
      "x-forwarded-for": ip,
    },
    body: JSON.stringify({
      productId: 415,
      menberProfession: "ANCHOR",
      signWay: "INDIVIDUAL",
      companyName: "",
      signer: "李四",
      idCardNumber: "440524188001010014",
      contact: "13800138000",
      payer: "李四",
      orderNum: "1",
      totalPrice: 0,
      questionList: [
        { questionId: 121, answer: "星河研究院" },
        { questionId: 1, answer: "主播" },
        { questionId: 23, answer: "理事" },
      ],
    }),
  });
  const body = (await res.json()) as { statusCode: number; message?: string; data?: { result?: string } };
  const html = body.data?.result;
  if (body.statusCode !== 1000 || typeof html !== "string") {
    throw new Error(`payCommit failed (${res.status}): ${body.message ?? ""}`);
  }
  const action = /<form[^>]+action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
  if (!action) throw new Error("the payment page has no form");
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input[^>]+name="([^"]+)"[^>]+value="([^"]*)"/g)) {
    fields.set(m[1]!, m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
  }
  const target = new URL(action, base);
  const hop = await fetch(target, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
    redirect: "manual",
  });
  const location = hop.headers.get("location");
  if (!location?.includes("/pay/cashier")) throw new Error(`no cashier hand-off (${hop.status})`);
  const url = new URL(location, base);
  return url.pathname + url.search;
}
