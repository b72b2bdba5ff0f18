// shared-auth/password-policy: the live password checklist for the screens that set a password
// (the shell's reset page, the admin's account screen). A separate, pure entry, so the hook stays
// out of the singleton every visitor downloads. It imports nothing of the singleton itself: a
// module of this package that imported "shared-auth" would be bundled into a remote with its own
// copy of Auth, so the screen passes the singleton's checkPasswordPolicy and refreshPasswordPolicy.
import { useCallback, useEffect, useRef, useState } from "react";
import type { PasswordPolicyCheck } from "./account";

/** What the hook asks of the singleton: `checkPasswordPolicy` and `refreshPasswordPolicy` from "shared-auth". */
export interface PasswordPolicyService {
  checkPasswordPolicy: (password: string) => Promise<PasswordPolicyCheck>;
  refreshPasswordPolicy: () => Promise<void>;
}

export interface PasswordPolicyState {
  /** null until the first check answered. */
  check: PasswordPolicyCheck | null;
  /** Fetches the policy from the Auth service again and re-checks the current password. */
  reload: () => Promise<void>;
}

/**
 * Live checklist for a password. Checks run as the user types; only the answer for the latest
 * input is kept, so a slow policy fetch never shows the checklist of an older password.
 */
export function usePasswordPolicy(password: string, service: PasswordPolicyService): PasswordPolicyState {
  const [check, setCheck] = useState<PasswordPolicyCheck | null>(null);
  const latest = useRef(0);
  const passwordRef = useRef(password);
  passwordRef.current = password;
  const serviceRef = useRef(service);
  serviceRef.current = service;

  const run = useCallback(async (value: string) => {
    const ticket = ++latest.current;
    const result = await serviceRef.current.checkPasswordPolicy(value);
    if (ticket === latest.current) setCheck(result);
  }, []);

  useEffect(() => {
    void run(password);
  }, [password, run]);

  const reload = useCallback(async () => {
    await serviceRef.current.refreshPasswordPolicy();
    await run(passwordRef.current);
  }, [run]);

  return { check, reload };
}
