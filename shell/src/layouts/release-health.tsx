import { useContext, useEffect, useState } from "react";
import { HOST_CONTRACT_FILE, type HostContract } from "federation-contract";
import { REMOTES } from "federation-kit/remotes";
import { manifestGuard } from "../remotes/manifest-guard";
import { RemoteRegistryContext } from "../remotes/remote-slot";
import { REMOTE_NAMES, type RemoteName } from "../remotes/screens";
import styles from "./layout.module.css";

/**
 * Tells the owner, in the admin area, which remote's live release cannot run on this site and
 * why: judged with this shell's whole contract (host-contract.json, published with the shell:
 * versions and exported names), the same check as the release command and the renderer. Visitors
 * see only the slot's notice; nothing of this reaches their bundle's work.
 */
export function ReleaseHealth() {
  const registry = useContext(RemoteRegistryContext);
  const [problems, setProblems] = useState<{ remote: RemoteName; reason: string }[]>([]);
  useEffect(() => {
    let current = true;
    void (async () => {
      const response = await fetch(`/${HOST_CONTRACT_FILE}`, { cache: "no-cache" });
      if (!response.ok) return;
      const guard = manifestGuard((await response.json()) as HostContract);
      const verdicts = await Promise.all(
        REMOTE_NAMES.map(async (remote) => {
          const entry = registry.entryOf(remote);
          const reason = entry ? ((await guard(remote, entry).catch(() => null))?.incompatible ?? null) : null;
          return reason ? [{ remote, reason }] : [];
        }),
      );
      if (current) setProblems(verdicts.flat());
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [registry]);
  if (problems.length === 0) return null;
  return (
    <section className={styles.releaseAlert} role="alert" aria-labelledby="release-alert-title">
      <h2 id="release-alert-title">{problems.length === 1 ? "A part of the site cannot be shown" : "Parts of the site cannot be shown"}</h2>
      <ul>
        {problems.map(({ remote, reason }) => (
          <li key={remote}>{reason}.</li>
        ))}
      </ul>
      <p>
        Visitors see a notice in its place. Roll the release back (locally <code>npm run rollback -- {REMOTES[problems[0]!.remote].dir}</code>; on Firebase,
        clone the previous release to live as shell/README.md describes), or release a build made against this site&apos;s shared packages.
      </p>
    </section>
  );
}
