import { useId, useState, type FormEvent } from "react";
import { PREVIEW_LINK_ENDPOINT, type LinkPreview } from "release-protocol";
import { currentIdToken } from "shared-auth";
import { REMOTE_NAMES, type RemoteName } from "../remotes/screens";
import { PUBLIC_ROUTES } from "../site-map";
import styles from "./releases-page.module.css";
import { RemoteSelect } from "./remote-select";

/** The parts a link can preview: those with server-rendered public pages. */
const SHAREABLE = REMOTE_NAMES.filter((name) => PUBLIC_ROUTES.some((r) => r.remote === name));

type State = { kind: "idle" } | { kind: "working" } | { kind: "error"; message: string } | { kind: "done"; link: string; preview: LinkPreview };

/** Asks the renderer to sign a link (renderer/src/releases/preview-link-request.ts), as this signed-in admin. */
async function requestLink(remote: string, manifestUrl: string): Promise<State> {
  const token = await currentIdToken();
  if (!token) return { kind: "error", message: "Sign in again to create a preview link." };
  let response: Response;
  try {
    response = await fetch(PREVIEW_LINK_ENDPOINT, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ remote, manifestUrl }),
    });
  } catch {
    return { kind: "error", message: "The site's server could not be reached. Check your connection and try again." };
  }
  const body = (await response.json().catch(() => null)) as { link?: string; preview?: LinkPreview; error?: string } | null;
  if (response.ok && body?.link && body.preview) return { kind: "done", link: body.link, preview: body.preview };
  return { kind: "error", message: body?.error ?? `The server could not create the link (HTTP ${response.status}).` };
}

/**
 * A shareable preview link for a candidate build of one part: whoever opens it sees that build,
 * rendered by the server, until the link expires (shell/README.md, "Sharing a preview").
 */
export function PreviewLinkForm() {
  const [remote, setRemote] = useState<RemoteName>(SHAREABLE[0] ?? "remote_blog");
  const [manifestUrl, setManifestUrl] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [copied, setCopied] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    if (!manifestUrl.trim()) return setState({ kind: "error", message: "Enter the address of the candidate's mf-manifest.json." });
    setState({ kind: "working" });
    setState(await requestLink(remote, manifestUrl.trim()));
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <RemoteSelect id="link-remote" label="Part to share" names={SHAREABLE} value={remote} onChange={setRemote} />
      <label htmlFor="link-url">Candidate to share (its mf-manifest.json)</label>
      <input
        id="link-url"
        type="url"
        inputMode="url"
        placeholder="http://…/previews/<id>/mf-manifest.json"
        value={manifestUrl}
        onChange={(e) => setManifestUrl(e.target.value)}
        aria-invalid={state.kind === "error" ? true : undefined}
        aria-describedby={state.kind === "error" ? errorId : undefined}
      />
      {state.kind === "error" ? (
        <p id={errorId} className={styles.error} role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className={styles.button} disabled={state.kind === "working"}>
        {state.kind === "working" ? "Creating the link…" : "Create a shareable link"}
      </button>
      {state.kind === "done" ? (
        <div role="status" className={styles.form}>
          <label htmlFor="link-result">Preview link for {state.preview.remote}</label>
          <input id="link-result" type="text" readOnly value={state.link} onFocus={(e) => e.currentTarget.select()} />
          <p>
            Valid until {new Date(state.preview.expiresAt).toLocaleString()}. Anyone holding it sees this candidate; revoke every link of {state.preview.remote}{" "}
            with <code>npm run release -- {state.preview.remote} --revoke-previews</code>.
          </p>
          <button
            type="button"
            className={styles.button}
            onClick={() =>
              void navigator.clipboard.writeText(state.link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        </div>
      ) : null}
    </form>
  );
}
