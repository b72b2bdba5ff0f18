import { Link, useLocation } from "shared-router";
import type { ReactNode } from "react";
import { SITE_PATHS, useSiteName } from "shared-content";
import { ThemeToggle } from "../theme/theme-toggle";
import styles from "./layout.module.css";

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  /** A path prefix whose pages belong to this item too (a post, `/blogs/x`, is in the Blog). */
  section?: string;
}

export const PUBLIC_NAV: NavItem[] = [
  { to: SITE_PATHS.home.getHref(), label: "Home", end: true },
  { to: SITE_PATHS.blogList.getHref(), label: "Blog", section: "/blogs/" },
  { to: SITE_PATHS.quotes.getHref(), label: "Quotes" },
  { to: SITE_PATHS.films.getHref(), label: "Films" },
  { to: SITE_PATHS.writeRecommendation.getHref(), label: "Recommend me" },
];

export function SkipLink() {
  return (
    <a className={styles.skip} href="#main">
      Skip to content
    </a>
  );
}

/**
 * A navigation item's link: `aria-current="page"` on its own page (as NavLink does), and
 * `aria-current="true"` on the other pages of its section, so a post marks the Blog item.
 */
function NavItemLink({ item, activeClass }: { item: NavItem; activeClass: string | undefined }) {
  const { pathname } = useLocation();
  const own = pathname === item.to || (!item.end && pathname.startsWith(`${item.to.replace(/\/$/, "")}/`));
  const inSection = !own && item.section !== undefined && pathname.startsWith(item.section);
  return (
    <Link to={item.to} className={own || inSection ? activeClass : undefined} aria-current={own ? "page" : inSection ? "true" : undefined}>
      {item.label}
    </Link>
  );
}

/** A labelled navigation list; the link of the page shown, or of its section, gets `activeClass`. */
export function NavLinks({
  label,
  items,
  className,
  activeClass,
}: {
  label: string;
  items: readonly NavItem[];
  className: string | undefined;
  activeClass: string | undefined;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} activeClass={activeClass} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteHeader({
  brand,
  brandTo = "/",
  nav = PUBLIC_NAV,
  navLabel = "Main",
  actions,
}: {
  brand?: string;
  /** Where the brand link goes: the public home page, or the admin overview in the admin area. */
  brandTo?: string;
  nav?: NavItem[];
  navLabel?: string;
  actions?: ReactNode;
}) {
  const siteName = useSiteName();
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to={brandTo} className={styles.brand}>
          {brand ?? siteName}
        </Link>
        {nav.length > 0 && <NavLinks label={navLabel} items={nav} className={styles.nav} activeClass={styles.active} />}
        <div className={styles.actions}>
          {actions}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}

export function SiteFooter() {
  const siteName = useSiteName();
  return (
    <footer className={styles.footer}>
      <p>
        © {new Date().getFullYear()} {siteName} · <Link to={SITE_PATHS.admin.getHref()}>Admin</Link>
      </p>
    </footer>
  );
}
