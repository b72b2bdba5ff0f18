// The auth state every screen reads: who is signed in, and whether they are the admin.
import { create } from "zustand";

/** The signed-in user: the fields the screens show and the guard needs. */
export interface AuthUserInfo {
  providerId: string;
  uid: string;
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
}

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  isAnonymous: boolean;
  tenantId: string | null;
  providerData: AuthUserInfo[];
  /** Account creation time (UTC string as Firebase gives it), if known. */
  creationTime: string | null;
  /** Last sign-in time (UTC string), if known. */
  lastSignInTime: string | null;
}

export type AuthStatus = "loading" | "signedOut" | "signedIn";

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** null while unknown (signed out, or the admins/{uid} read is still pending). */
  isAdmin: boolean | null;
  /** Milliseconds since epoch of the last ID-token change (sign-in or background refresh). */
  tokenUpdatedAt: number | null;
}

export const initialAuthState: AuthState = { status: "loading", user: null, isAdmin: null, tokenUpdatedAt: null };

/** The store itself. Screens use useAuthStore (use-auth-store.ts), which also loads Auth. */
export const authStore = create<AuthState>(() => ({ ...initialAuthState }));
