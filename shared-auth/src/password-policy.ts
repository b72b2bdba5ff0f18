// shared-auth/password-policy: the live password checklist for the screens that set a password
// (the shell's reset page, the admin's account screen). A separate entry so the hook stays out
// of the singleton every visitor downloads; it reaches the policy through the singleton by
// name, so the page keeps one Auth and one cached policy.
import { useCallback, useEffect, useRef, useState } from "react";
import { checkPasswordPolicy, refreshPasswordPolicy, type PasswordPolicyCheck } from "shared-auth";

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
export function usePasswordPolicy(password: string): PasswordPolicyState {
  const [check, setCheck] = useState<PasswordPolicyCheck | null>(null);
  const latest = useRef(0);
  const passwordRef = useRef(password);
  passwordRef.current = password;

  const run = useCallback(async (value: string) => {
    const ticket = ++latest.current;
    const result = await checkPasswordPolicy(value);
    if (ticket === latest.current) setCheck(result);
  }, []);

  useEffect(() => {
    void run(password);
  }, [password, run]);

  const reload = useCallback(async () => {
    await refreshPasswordPolicy();
    await run(passwordRef.current);
  }, [run]);

  return { check, reload };
}
