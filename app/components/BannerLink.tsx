import type { ReactNode } from "react";
import { Link } from "react-router";

/** Counts a banner click (GET /api/banner/detail) without holding up the navigation. */
export function reportBannerClick(bannerId: number) {
  try {
    fetch(`/api/banner/detail?bannerId=${bannerId}`, { keepalive: true }).catch(() => {});
  } catch {
    // reporting is best effort
  }
}

const isInternal = (href: string) => href.startsWith("/") && !href.startsWith("//");

/** A banner's link: site paths navigate in the app, anything else opens in a new window. */
export function BannerLink({
  bannerId,
  href,
  className,
  label,
  children,
}: {
  bannerId: number;
  href: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const onClick = () => reportBannerClick(bannerId);
  if (isInternal(href)) {
    return (
      <Link to={href} className={className} aria-label={label} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href || "#"}
      className={className}
      aria-label={label}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
    >
      {children}
    </a>
  );
}
