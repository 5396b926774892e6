import type { ReactNode } from "react";

const isInternal = (href: string) => href.startsWith("/") && !href.startsWith("//");

/**
 * A banner's link: a site path opens here, anything else in a new window. A click is counted
 * (GET /api/banner/detail) by the island app/islands/chrome.ts, which finds it by `data-banner-id`.
 */
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
  if (isInternal(href)) {
    return (
      <a href={href} className={className} aria-label={label} data-banner-id={bannerId}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={href || "#"}
      className={className}
      aria-label={label}
      target="_blank"
      rel="noopener noreferrer"
      data-banner-id={bannerId}
    >
      {children}
    </a>
  );
}
