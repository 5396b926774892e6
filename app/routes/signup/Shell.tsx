import { Link } from "react-router";
import { SITE_NAME } from "../../root";

/** The frame of the sign-up and payment pages: a slim bar with the site name, one centred card. */
export function SignupShell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="signup-page">
      <header className="signup-top">
        <div className="signup-top-inner">
          <Link to="/" className="signup-logo">
            {SITE_NAME}
          </Link>
          <span className="signup-top-label">{label}</span>
        </div>
      </header>
      <main className="signup-main">{children}</main>
    </div>
  );
}

/** Beijing time, formatted on the server so the hydrated page reads the same. */
export function beijingTime(iso: string | null): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat("zh-CN", {
    timeZone: "Asia/Shanghai",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
  }).format(new Date(iso));
}
