// Presentational pieces the public remotes share. Bundled into each remote at build time (not a
// federation singleton): they hold no state, so every remote keeps deploying on its own.
export { Skeleton, EmptyState, ErrorState, StateView, type LoadState } from "./state-panels";
export { hostOf } from "./format";
export { hideOnError } from "./hide-on-error";
export { visuallyHidden } from "./visually-hidden";
export { ColumnHeads } from "./column-heads";
export { PasswordChecklist, type PasswordChecklistCheck } from "./password-checklist";
