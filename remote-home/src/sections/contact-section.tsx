import type { LoadState } from "shared-ui";
import { AsyncSection } from "../ui/async-section";
import { ExternalLink } from "../ui/external-link";
import { hostOf } from "shared-ui";
import type { Contact } from "./types";
import styles from "./contact-section.module.css";
import { safeUrl } from "shared-content";

function isEmptyContact(c: Contact | null): boolean {
  return !c || (!c.email && !c.phone && !c.location && (!c.links || c.links.length === 0));
}

export function ContactSection({ state }: { state: LoadState<Contact | null> }) {
  return (
    <AsyncSection id="contact" title="Get in touch" state={state} isEmpty={isEmptyContact} emptyText="Contact details have not been published yet.">
      {(c) => (c ? <ContactView contact={c} /> : null)}
    </AsyncSection>
  );
}

function ContactView({ contact: c }: { contact: Contact }) {
  // mailto: goes through safeUrl like every other link; tel: is built from digits only.
  const mailto = /^[^\s@?#&]+@[^\s@?#&]+$/.test(c.email) ? safeUrl(`mailto:${c.email}`) : undefined;
  const phone = c.phone ? c.phone.replace(/[^\d+]/g, "") : "";
  return (
    <dl className={styles.list}>
      {c.email ? (
        <div className={styles.row}>
          <dt>Email</dt>
          <dd>{mailto ? <a href={mailto}>{c.email}</a> : c.email}</dd>
        </div>
      ) : null}
      {c.phone ? (
        <div className={styles.row}>
          <dt>Phone</dt>
          <dd>{phone ? <a href={`tel:${phone}`}>{c.phone}</a> : c.phone}</dd>
        </div>
      ) : null}
      {c.location ? (
        <div className={styles.row}>
          <dt>Based in</dt>
          <dd>{c.location}</dd>
        </div>
      ) : null}
      {c.links && c.links.length > 0 ? (
        <div className={styles.row}>
          <dt>Elsewhere</dt>
          <dd>
            <ul className={styles.links}>
              {c.links.map((l, i) => (
                <li key={`${l.url}-${i}`}>
                  <ExternalLink href={l.url}>{l.label || hostOf(l.url)}</ExternalLink>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
