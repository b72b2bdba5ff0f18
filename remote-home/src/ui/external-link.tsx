import type { ReactNode } from "react";
import { safeUrl } from "shared-content";

interface Props {
  href: string | null | undefined;
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
}

/** A link to another site; a URL that fails safeUrl is shown as plain text, never as a link. */
export function ExternalLink({ href, children, className, ...rest }: Props) {
  const safe = safeUrl(href);
  if (!safe) return <span className={className}>{children}</span>;
  const external = /^https?:/i.test(safe);
  return (
    <a href={safe} className={className} aria-label={rest["aria-label"]} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}
