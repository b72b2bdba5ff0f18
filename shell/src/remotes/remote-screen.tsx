import { usePageMeta } from "shared-content";
import { RemoteSlot } from "./remote-slot";
import type { RemoteName, ScreenOf } from "./screens";

type RemoteScreenProps = {
  [R in RemoteName]: { remote: R; module: ScreenOf<R>; title: string };
}[RemoteName];

/** One route's screen: the default title plus the remote slot. */
export function RemoteScreen({ remote, module, title }: RemoteScreenProps) {
  usePageMeta({ title }, { route: true });
  // Keyed so moving between two screens never reuses the other's error or retry state.
  return <RemoteSlot key={`${remote}/${module}`} remote={remote} module={module} />;
}
