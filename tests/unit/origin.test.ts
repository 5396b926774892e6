import os from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createOriginCheck } from "../../server/http/origin";

const config = (env: Record<string, string> = {}) =>
  loadConfig({ PORT: "3000", HOST: "127.0.0.1", DATA_DIR: "/tmp", ...env });
const req = (headers: Record<string, string>) => new Request("http://placeholder/", { headers });

describe("createOriginCheck", () => {
  it("answers by default to loopback names and the listen address with the listen port", () => {
    const check = createOriginCheck(config({ HOST: "10.1.2.3" }));
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "10.1.2.3:3000", "LocalHost:3000"])
      expect(check.origin(req({ host })), host).toBe(`http://${host.toLowerCase()}`);
    for (const host of ["localhost", "localhost:3001", "evil.example:3000", "10.1.2.4:3000", "", "a_b:3000"])
      expect(check.origin(req({ host })), host).toBeNull();
  });

  it("uses the port actually listened on", () => {
    let port = 0;
    const check = createOriginCheck(config({ PORT: "0" }), () => port);
    port = 41234;
    expect(check.origin(req({ host: "127.0.0.1:41234" }))).toBe("http://127.0.0.1:41234");
  });

  it("listening on every interface, answers to the machine's addresses and name", () => {
    const check = createOriginCheck(config({ HOST: "0.0.0.0" }));
    const v4 = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a?.family === "IPv4" && !a.internal);
    if (v4) expect(check.origin(req({ host: `${v4.address}:3000` }))).toBe(`http://${v4.address}:3000`);
    expect(check.origin(req({ host: `${os.hostname().toLowerCase()}:3000` }))).not.toBeNull();
    expect(check.origin(req({ host: "evil.example:3000" }))).toBeNull();
  });

  it("ALLOWED_HOSTS replaces the default; an entry without port allows any port", () => {
    const check = createOriginCheck(config({ ALLOWED_HOSTS: "www.example.com,admin.example.com:8443" }));
    expect(check.origin(req({ host: "www.example.com" }))).toBe("http://www.example.com");
    expect(check.origin(req({ host: "www.example.com:8080" }))).toBe("http://www.example.com:8080");
    expect(check.origin(req({ host: "www.example.com:80" }))).toBe("http://www.example.com");
    expect(check.origin(req({ host: "admin.example.com:8443" }))).toBe("http://admin.example.com:8443");
    expect(check.origin(req({ host: "admin.example.com" }))).toBeNull();
    expect(check.origin(req({ host: "127.0.0.1:3000" }))).toBeNull();
    expect(check.origin(req({ host: "sub.www.example.com" }))).toBeNull();
  });

  it("ignores X-Forwarded-* unless TRUST_PROXY is on; then checks them", () => {
    const headers = {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    };
    expect(createOriginCheck(config()).origin(req(headers))).toBe("http://127.0.0.1:3000");
    const check = createOriginCheck(config({ TRUST_PROXY: "true", ALLOWED_HOSTS: "www.example.com" }));
    expect(check.origin(req(headers))).toBeNull();
    const proxied = {
      host: "10.0.0.5:3000",
      "x-forwarded-host": "www.example.com",
      "x-forwarded-proto": "https",
    };
    expect(check.origin(req(proxied))).toBe("https://www.example.com");
    expect(check.origin(req({ ...proxied, "x-forwarded-host": "www.example.com:443" }))).toBe(
      "https://www.example.com",
    );
    expect(check.origin(req({ ...proxied, "x-forwarded-proto": "https, http" }))).toBe(
      "https://www.example.com",
    );
    expect(check.origin(req({ ...proxied, "x-forwarded-proto": "ftp" }))).toBeNull();
    expect(check.origin(req({ ...proxied, "x-forwarded-host": "evil.example, www.example.com" }))).toBeNull();
    // no forwarded host: the Host header itself must be allowed
    expect(check.origin(req({ host: "www.example.com", "x-forwarded-proto": "https" }))).toBe(
      "https://www.example.com",
    );
    expect(check.origin(req({ host: "10.0.0.5:3000" }))).toBeNull();
  });

  it("with PUBLIC_URL: its host is allowed too, and the origin is always PUBLIC_URL", () => {
    const check = createOriginCheck(config({ PUBLIC_URL: "https://news.example.com/" }));
    expect(check.origin(req({ host: "news.example.com" }))).toBe("https://news.example.com");
    expect(check.origin(req({ host: "localhost:3000" }))).toBe("https://news.example.com");
    expect(check.origin(req({ host: "evil.example" }))).toBeNull();
  });
});
