// The auth store as screens use it: reading the auth state is what loads the Auth SDK, so the
// guard, the login page and the admin screens get it while public pages (which never read the
// state) do not download it. Same API as the zustand hook (selector, getState, setState, ...).
import { useEffect } from "react";
import { authStore, type AuthState } from "./auth-store";
import { ensureAuth } from "./session";

const identity = (state: AuthState) => state;

function useAuthState(): AuthState;
function useAuthState<T>(selector: (state: AuthState) => T): T;
function useAuthState<T>(selector?: (state: AuthState) => T): T | AuthState {
  useEffect(() => {
    ensureAuth().catch(() => undefined); // a failed load sets the store to signedOut
  }, []);
  return authStore<T | AuthState>(selector ?? identity);
}

export const useAuthStore: typeof authStore = Object.assign(useAuthState, {
  getState: authStore.getState,
  getInitialState: authStore.getInitialState,
  setState: authStore.setState,
  subscribe: authStore.subscribe,
});
