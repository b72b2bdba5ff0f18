// The release protocol (docs/releases.md): the release state's shape, the health reports and the
// canaries' abort policy, the release record's entries and the preview links' parameters. The
// federation contract (what a remote needs of its host) is the federation-contract package; this
// one depends on nothing of it.
export * from "./health.js";
export * from "./preview-link.js";
export * from "./record.js";
export * from "./state.js";
