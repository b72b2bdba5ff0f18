// The admin's shared UI building blocks; see README.md in this folder.
export { AdminPage, Panel, FormGrid, FormActions } from "./admin-page";
export { Button } from "./button";
export { Field, TextField, TextAreaField, SelectField, CheckboxField } from "./field";
export type { ControlProps } from "./field";
export { MarkdownEditor } from "./markdown-editor";
export { ConfirmDialog, useConfirm } from "./confirm-dialog";
export type { ConfirmOptions } from "./confirm-dialog";
export { SaveButton } from "./save-button";
export { useSaveState } from "./use-save-state";
export type { SaveStatus, SaveState } from "./use-save-state";
export { UnsavedChangesGuard } from "./unsaved-changes-guard";
export { useBeforeUnload } from "./use-before-unload";
export { ReorderList, moveItem } from "./reorder-list";
export { SearchBox, matchesSearch } from "./search-box";
export { Pager, paginate } from "./pager";
export { StatusMessage } from "./status-message";
export { useForm } from "./use-form";
export type { FieldErrors, FormState } from "./use-form";
