import type { SessionInfo } from "../../../contract/admin";
import {
  AuditFilterSchema,
  LoginSchema,
  ROLE_LABELS,
  SetupSchema,
  UserCreateSchema,
  UserUpdateSchema,
} from "../../../contract/admin";
import {
  AdminUserSchema,
  AuditEntrySchema,
  itemsOf,
  pagedOf,
  SessionInfoSchema,
  SetupNeededSchema,
} from "../../../contract/answers";
import { readCookie } from "../../entities/users";
import { secureRequest } from "../../http/origin";
import { pathId, requireSession } from "../console";
import { endpoint, nothing } from "../endpoint";

const tag = "后台·账号";

/** The audit line of a session just started (setup, sign-in): its own user is the actor. */
const started = (session: SessionInfo, ipHash: string | undefined) => ({
  userId: session.user.id,
  username: session.user.username,
  ipHash,
});

/** Sign-in, first-run setup, sign-out, the session, users (admins only) and the audit log. */
export const consoleAuthEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/setup",
    tag,
    role: "guest",
    summary: "Whether the first-run setup page is needed (no admin yet)",
    response: SetupNeededSchema,
    handler: async (_q, s) => ({ needed: !(await s.users.adminExists()) }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/setup",
    tag,
    role: "guest",
    summary: "Create the first admin and sign in (only while there is none)",
    response: SessionInfoSchema,
    body: SetupSchema,
    handler: async (input, s, c) => {
      const ipHash = c.get("ipHash");
      const { token, session } = await s.users.setup(input, ipHash ?? "");
      c.header("Set-Cookie", s.users.cookie(token, secureRequest(c)));
      return { session, ipHash };
    },
    answer: (r) => r.session,
    audit: ({ session, ipHash }) => ({
      actor: started(session, ipHash),
      action: "setup",
      entity: "user",
      entityId: session.user.id,
      summary: "首次设置管理员",
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/login",
    tag,
    role: "guest",
    summary:
      "Sign in (429 with Retry-After: 5 attempts per account and address in 15 minutes; after 10 wrong passwords for an account in an hour, sources it does not know wait up to 30 s between attempts)",
    response: SessionInfoSchema,
    body: LoginSchema,
    handler: async (input, s, c) => {
      const ipHash = c.get("ipHash");
      const secure = secureRequest(c);
      const { token, session, device } = await s.users.login(input.username, input.password, {
        ipHash: ipHash ?? "",
        device: readCookie(c.req.header("cookie"), s.users.deviceCookieName(secure)),
      });
      c.header("Set-Cookie", s.users.cookie(token, secure));
      c.header("Set-Cookie", s.users.deviceCookie(device, secure), { append: true });
      return { session, ipHash };
    },
    answer: (r) => r.session,
    audit: ({ session, ipHash }) => ({
      actor: started(session, ipHash),
      action: "login",
      entity: "session",
      summary: "登录",
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/logout",
    tag,
    role: "session",
    summary: "Sign out",
    response: nothing,
    handler: async (_q, s, c) => {
      await s.users.logout(requireSession(c).id);
      c.header("Set-Cookie", s.users.clearCookie(secureRequest(c)));
      return null;
    },
    audit: () => ({ action: "logout", entity: "session", summary: "退出登录" }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/session",
    tag,
    role: "session",
    summary: "The signed-in user and the CSRF token changes must send",
    response: SessionInfoSchema,
    handler: async (_q, _s, c) => {
      const s = requireSession(c);
      return { user: s.user, csrfToken: s.csrfToken, expiresAt: s.expiresAt };
    },
  }),
  endpoint({
    method: "get",
    path: "/api/admin/users",
    tag,
    role: "admin",
    summary: "Console users",
    response: itemsOf(AdminUserSchema),
    handler: async (_q, s) => ({ items: await s.users.listUsers() }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/users",
    tag,
    role: "admin",
    summary: "Create a console user",
    response: AdminUserSchema,
    body: UserCreateSchema,
    handler: (input, s) => s.users.createUser(input),
    audit: (user) => ({
      action: "create",
      entity: "user",
      entityId: user.id,
      summary: `${user.username}（${ROLE_LABELS[user.role]}）`,
    }),
  }),
  endpoint({
    method: "put",
    path: "/api/admin/users/:id",
    tag,
    role: "admin",
    summary: "Change a user's role, password or disabled flag",
    response: AdminUserSchema,
    body: UserUpdateSchema,
    handler: async (input, s, c) => {
      const id = pathId(c);
      const user = await s.users.updateUser(id, input);
      // Changing one's own password ends one's sessions too: say so by the status the browser sees.
      if (id === requireSession(c).user.id && (input.password || input.disabled))
        c.header("Set-Cookie", s.users.clearCookie(secureRequest(c)));
      return user;
    },
    audit: (user, input) => ({
      action: "update",
      entity: "user",
      entityId: user.id,
      summary: `${user.username}：${[
        `角色：${ROLE_LABELS[user.role]}`,
        user.disabled ? "已停用" : "启用",
        ...(input.password ? ["重设密码"] : []),
      ].join("，")}`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/audit",
    tag,
    role: "admin",
    summary: "The audit log, newest first",
    response: pagedOf(AuditEntrySchema),
    query: AuditFilterSchema,
    handler: (f, s) => s.audit.list(f),
  }),
];
