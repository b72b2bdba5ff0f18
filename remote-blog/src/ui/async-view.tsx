import type { ReactNode } from "react";
import { loadFailureMessage } from "shared-content";
import { Skeleton, StateView, type LoadState } from "shared-ui";

interface Props<T> {
  what: string;
  state: LoadState<T>;
  skeleton?: ReactNode;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}

/** shared-ui's StateView with the blog screens' wording: "The {what} could not be loaded…". */
export function AsyncView<T>({ what, state, skeleton, ...rest }: Props<T>) {
  return (
    <StateView
      state={state}
      skeleton={skeleton ?? <Skeleton label={`Loading ${what}…`} lines={5} />}
      describeError={(error) => loadFailureMessage(`The ${what}`, error)}
      {...rest}
    />
  );
}
