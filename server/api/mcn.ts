import type { Context } from "hono";
import { z } from "zod";
import { OK } from "../../contract/envelope";
import {
  HONEYPOT_FIELD,
  MCN_MESSAGES,
  McnBusinessInput,
  McnExpertInput,
  type McnForm,
} from "../../contract/mcn";
import { LEAD_LIMIT, leadSourcePage } from "../entities/leads";
import { requestIpHash } from "../http/client-ip";
import { originOf } from "../http/origin";
import type { Services } from "../services";
import { endpoint } from "./endpoint";

const SubmitResult = z.object({ result: z.literal(true) });

/**
 * The page that sent the form: the Referer's path when it is a page of this site (the host asked,
 * the host the proxy forwarded, or PUBLIC_URL's), cleaned (leadSourcePage).
 */
function sourcePage(c: Context, s: Services): string | null {
  const pub = s.config.PUBLIC_URL;
  const hosts = [c.req.header("host"), new URL(originOf(c)).host, pub ? new URL(pub).host : undefined];
  return leadSourcePage(c.req.header("referer"), hosts);
}

async function submit(form: McnForm, q: Record<string, unknown>, s: Services, c: Context) {
  const { [HONEYPOT_FIELD]: honeypot, ...values } = q;
  await s.mcn.submit(form, values as never, {
    ipHash: requestIpHash(c, s.config),
    userAgent: c.req.header("user-agent") ?? null,
    sourcePage: sourcePage(c, s),
    honeypot,
  });
  // A new lead, a repeat within the dedup window and a dropped bot all read the same.
  return c.json({ statusCode: OK, message: MCN_MESSAGES.success, data: { result: true as const } });
}

const rules = `Submits count against a per-IP limit (${LEAD_LIMIT.points} per ${LEAD_LIMIT.durationSec / 60} minutes, then 429), counted before the body is read. The same phone on the same form within 10 minutes is answered 提交成功 and stored once. The lead records the page it was sent from: the path of the Referer when that is a page of this site (decoded, at most 200 characters), else none. Fields may come as query parameters (as the original client sends them), a JSON body or a form body.`;

export const mcnEndpoints = [
  endpoint({
    method: "post",
    path: "/api/mcn/insertMcnBusiness",
    tag: "MCN",
    summary: "Merchant cooperation lead (商家合作)",
    description: rules,
    query: McnBusinessInput,
    response: SubmitResult,
    limit: LEAD_LIMIT,
    handler: (q, s, c) => submit("business", q, s, c),
  }),
  endpoint({
    method: "post",
    path: "/api/mcn/insertMcnExpert",
    tag: "MCN",
    summary: "Influencer cooperation lead (达人合作)",
    description: `${rules} idCopyPic is the path POST /api/upload answered.`,
    query: McnExpertInput,
    response: SubmitResult,
    limit: LEAD_LIMIT,
    handler: (q, s, c) => submit("expert", q, s, c),
  }),
];
