import { signOutUser } from "shared-auth";

// Signing out on purpose leaves for "/"; losing the session otherwise sends the visitor to
// /login?redirect=... The guard reads this flag to tell the two apart.
let leavingOnPurpose = false;

export function isSigningOutOnPurpose(): boolean {
  return leavingOnPurpose;
}

export async function signOutOnPurpose(navigate: (to: string, opts?: { replace?: boolean }) => unknown): Promise<void> {
  leavingOnPurpose = true;
  try {
    await navigate("/");
    await signOutUser();
  } finally {
    // Let the guard see the flag during the render that follows the sign-out.
    setTimeout(() => {
      leavingOnPurpose = false;
    }, 0);
  }
}
