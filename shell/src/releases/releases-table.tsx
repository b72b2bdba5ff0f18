import type { ReactNode } from "react";
import { ColumnHeads } from "shared-ui";
import styles from "./releases-page.module.css";

/** A table of the Releases screen: its caption, its column heads, and the rows it is given. */
export function ReleasesTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <ColumnHeads names={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}
