/**
 * What a release refused for its version tells the remote's team: commands that work as printed,
 * run from the repository's root. The first gives the remote a version of its own and versions no
 * shared package (version-remote.ts); the second builds the remote and releases it, to the same
 * target as the refused release (`releaseArgs`: `--project <id>` on Firebase).
 */
export function versionAdvice(remoteDir: string, releaseArgs = ""): string {
  return [
    `Give ${remoteDir} a new version of its own, then build and release again:`,
    `  npm run version-remote -- ${remoteDir} patch`,
    `  npm run release -- ${remoteDir}${releaseArgs ? ` ${releaseArgs}` : ""}`,
    `(minor instead of patch when it needs a newer shell or shared package; add --note "what changed" for its CHANGELOG.md; see .changeset/README.md)`,
  ].join("\n");
}
