// The shape every shared-content live-read hook returns (brief, contract 3).
export interface AsyncState<T> {
  status: "loading" | "ready" | "error";
  data: T | null | undefined;
  error: unknown;
  retry: () => void;
}
