import { useDocumentTitle } from "../use-document-title";
import { RemoteSlot } from "./remote-slot";

interface RemoteScreenProps {
  remote: "remote_home" | "remote_blog" | "remote_admin";
  module: string;
  title: string;
}

/** One route's screen: the default title plus the remote slot. */
export function RemoteScreen({ remote, module, title }: RemoteScreenProps) {
  useDocumentTitle(title);
  // Keyed so moving between two screens never reuses the other's error or retry state.
  return <RemoteSlot key={`${remote}/${module}`} remote={remote} module={module} />;
}
