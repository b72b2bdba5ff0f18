/** What to do when a changed build is refused under a version already released. */
export const versionAdvice = (remoteDir: string) =>
  `Give ${remoteDir} a new version: npm run version-remote -- ${remoteDir} patch, then npm run release -- ${remoteDir} again.`;
