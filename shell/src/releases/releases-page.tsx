import { useContext, useEffect, useId, useState, type FormEvent } from "react";
import { getRuntimeConfig } from "shared-auth";
import { type RuntimeConfig } from "runtime-config";
import { SITE_PATHS, usePageMeta } from "shared-content";
import { releaseAt } from "../remotes/manifest-guard";
import { previewRefusal, readPreview, startPreview } from "../remotes/release-preview";
import { BackToLiveButton } from "../remotes/release-preview-banner";
import { RemoteRegistryContext } from "../remotes/remote-slot";
import { REMOTE_NAMES, type RemoteName } from "../remotes/screens";
import { PUBLIC_ROUTES } from "../site-map";
import { PreviewLinkForm } from "./preview-link-form";
import { ReleaseHealthTable } from "./release-health-table";
import { ReleaseRecord } from "./release-record";
import { ReleasesTable } from "./releases-table";
import { RemoteSelect } from "./remote-select";
import styles from "./releases-page.module.css";

/** Where a previewed remote shows first: its first public page, else the admin panel. */
function pageOf(remote: string): string {
  const route = PUBLIC_ROUTES.find((r) => r.remote === remote && !r.path.includes(":"));
  return route ? `/${route.path}` : SITE_PATHS.admin.getHref();
}

/** The release each remote serves now, read from its manifest; a remote not yet answered (or failing) has no entry. */
function useLiveReleases(): Record<string, string> {
  const registry = useContext(RemoteRegistryContext);
  const [releases, setReleases] = useState<Record<string, string>>({});
  useEffect(() => {
    let current = true;
    void Promise.all(
      REMOTE_NAMES.map(async (name) => {
        const entry = registry.entryOf(name);
        return [name, entry ? await releaseAt(entry).catch(() => null) : null] as const;
      }),
    ).then((list) => current && setReleases(Object.fromEntries(list.filter((e): e is [RemoteName, string] => e[1] !== null))));
    return () => {
      current = false;
    };
  }, [registry]);
  return releases;
}

function LiveReleasesTable({ config, releases }: { config: RuntimeConfig; releases: Record<string, string> }) {
  return (
    <ReleasesTable caption="Live releases" columns={["Part", "Release", "Served from"]}>
      {REMOTE_NAMES.map((name) => (
        <tr key={name}>
          <th scope="row">{name}</th>
          <td>{releases[name] ?? "…"}</td>
          <td>
            <code>{config.remotes[name] ?? "not configured"}</code>
          </td>
        </tr>
      ))}
    </ReleasesTable>
  );
}

/** The preview this tab is running, if any, with the way back to the live release. */
function ActivePreview({ config }: { config: RuntimeConfig }) {
  const active = readPreview(config);
  if (!active) return null;
  return (
    <p className={styles.active}>
      This tab previews <strong>{active.remote}</strong> from <code>{active.manifestUrl}</code>. <BackToLiveButton className={styles.button} />
    </p>
  );
}

/** Checks a candidate release against the allowed origins, then reloads this tab on it at the remote's first page. */
function PreviewForm({ config }: { config: RuntimeConfig }) {
  const [remote, setRemote] = useState<RemoteName>("remote_blog");
  const [manifestUrl, setManifestUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const preview = { remote, manifestUrl: manifestUrl.trim() };
    const refusal = previewRefusal(preview, config);
    setError(refusal);
    if (refusal) return;
    startPreview(preview);
    location.assign(pageOf(remote));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <RemoteSelect id="preview-remote" label="Part of the site" names={REMOTE_NAMES} value={remote} onChange={setRemote} />
      <label htmlFor="preview-url">Candidate manifest URL</label>
      <input
        id="preview-url"
        type="url"
        inputMode="url"
        placeholder={`${config.previewOrigins?.[0] ?? "https://preview.example.com"}/mf-manifest.json`}
        value={manifestUrl}
        onChange={(e) => setManifestUrl(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required
      />
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.button}>
        Preview in this tab
      </button>
    </form>
  );
}

/**
 * The admin's view of the remotes' releases: what each serves now (its manifest URL and release),
 * the release record (release-record.tsx), and a form to preview a candidate release in this tab
 * only (release-preview.ts).
 */
export function ReleasesPage() {
  usePageMeta({ title: "Releases" }, { route: true });
  const config = getRuntimeConfig();
  const releases = useLiveReleases();
  return (
    <section className={styles.page} aria-labelledby="releases-title">
      <h1 id="releases-title">Releases</h1>
      <p className={styles.lead}>
        Each part of the site is released by its own team. A release is checked against this site before it goes live (<code>npm run release</code>);
        docs/releases.md explains releasing, canaries and rolling back.
      </p>
      <LiveReleasesTable config={config} releases={releases} />

      <h2>Canaries, views and error rates</h2>
      <ReleaseHealthTable live={releases} />

      <h2>Release record</h2>
      <ReleaseRecord />

      <h2>Share a preview link</h2>
      <p>
        Anyone holding the link sees the candidate of that part, rendered by the server, until the link expires (24 hours); everyone else keeps the live
        release. <code>npm run release -- &lt;remote&gt; --preview</code> publishes a candidate and prints its link; here you can sign a link for a candidate
        already published on one of the site&apos;s origins.
      </p>
      <PreviewLinkForm />

      <h2>Preview a candidate release</h2>
      <ActivePreview config={config} />
      <p>
        Load a build of one part into this site, in this tab only: nobody else sees it, and the server keeps rendering the live release. Allowed origins:{" "}
        {config.previewOrigins?.length
          ? config.previewOrigins.map((o, i) => (
              <span key={o}>
                {i > 0 ? ", " : ""}
                <code>{o}</code>
              </span>
            ))
          : "none (set previewOrigins in the runtime config)"}
        .
      </p>
      <PreviewForm config={config} />
    </section>
  );
}
