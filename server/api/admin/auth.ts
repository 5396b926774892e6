import {
  AuditFilterSchema,
  LoginSchema,
  ROLE_LABELS,
  SetupSchema,
  UserCreateSchema,
  UserUpdateSchema,
} from "../../../contract/admin";
import type { Services } from "../../services";
import { ok, parse } from "../envelope";
import { type AdminApp, actorOf, idParamOf, jsonBody, requireRole, requireSession } from "./context";

/** Sign-in, first-run setup, sign-out, the session, users (admins only) and the audit log. */
export function mountAuthRoutes(app: AdminApp, services: Services) {
  const { auth, audit } = services.admin;

  app.get("/api/admin/setup", async (c) => ok(c, { needed: !(await auth.adminExists()) }));

  app.post("/api/admin/setup", async (c) => {
    const input = await jsonBody(c, SetupSchema);
    const { token, session } = await auth.setup(input, c.get("ipHash"));
    await audit.record(
      { userId: session.user.id, username: session.user.username, ipHash: c.get("ipHash") },
      { action: "setup", entity: "user", entityId: session.user.id, summary: "首次设置管理员" },
    );
    c.header("Set-Cookie", auth.cookie(token));
    return ok(c, session);
  });

  app.post("/api/admin/login", async (c) => {
    const input = await jsonBody(c, LoginSchema);
    const { token, session } = await auth.login(input.username, input.password, c.get("ipHash"));
    await audit.record(
      { userId: session.user.id, username: session.user.username, ipHash: c.get("ipHash") },
      { action: "login", entity: "session", summary: "登录" },
    );
    c.header("Set-Cookie", auth.cookie(token));
    return ok(c, session);
  });

  app.post("/api/admin/logout", async (c) => {
    const s = requireSession(c);
    await auth.logout(s.id);
    await audit.record(actorOf(c), { action: "logout", entity: "session", summary: "退出登录" });
    c.header("Set-Cookie", auth.clearCookie());
    return ok(c, null);
  });

  app.get("/api/admin/session", (c) => {
    const s = requireSession(c);
    return ok(c, { user: s.user, csrfToken: s.csrfToken, expiresAt: s.expiresAt });
  });

  app.get("/api/admin/users", async (c) => {
    requireRole(c, "admin");
    return ok(c, { items: await auth.listUsers() });
  });

  app.post("/api/admin/users", async (c) => {
    requireRole(c, "admin");
    const input = await jsonBody(c, UserCreateSchema);
    const user = await auth.createUser(input);
    await audit.record(actorOf(c), {
      action: "create",
      entity: "user",
      entityId: user.id,
      summary: `${user.username}（${ROLE_LABELS[user.role]}）`,
    });
    return ok(c, user);
  });

  app.put("/api/admin/users/:id", async (c) => {
    const s = requireRole(c, "admin");
    const id = idParamOf(c);
    const input = await jsonBody(c, UserUpdateSchema);
    const user = await auth.updateUser(id, input);
    const changes = [
      `角色：${ROLE_LABELS[user.role]}`,
      user.disabled ? "已停用" : "启用",
      ...(input.password ? ["重设密码"] : []),
    ];
    await audit.record(actorOf(c), {
      action: "update",
      entity: "user",
      entityId: id,
      summary: `${user.username}：${changes.join("，")}`,
    });
    // Changing one's own password ends one's sessions too: say so by the status the browser sees.
    if (id === s.user.id && (input.password || input.disabled)) c.header("Set-Cookie", auth.clearCookie());
    return ok(c, user);
  });

  app.get("/api/admin/audit", async (c) => {
    requireRole(c, "admin");
    return ok(c, await audit.list(parse(AuditFilterSchema, c.req.query())));
  });
}
