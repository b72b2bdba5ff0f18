import styles from "./visually-hidden.module.css";

/** The class of text for screen readers only (one definition for the shell and every remote). */
export const visuallyHidden: string = styles.visuallyHidden!;
