import type { ComponentPropsWithRef } from "react";
import styles from "./button.module.css";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: "primary" | "secondary" | "danger" | "ghost";
  size?: "normal" | "small";
}

/** A button in the admin style; defaults to type="button" so it never submits a form by accident. */
export function Button({ variant = "secondary", size = "normal", className, type = "button", ...rest }: ButtonProps) {
  const cls = [styles.button, styles[variant], size === "small" ? styles.small : "", className].filter(Boolean).join(" ");
  return <button {...rest} type={type} className={cls} />;
}
