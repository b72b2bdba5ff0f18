// The admin's account actions on the page's one Auth: shared-auth/admin is bundled into this
// remote, so it is handed the singleton's functions rather than reaching for a copy of its own.
import { ensureAuth, refreshPasswordPolicy } from "shared-auth";
import { adminAccount } from "shared-auth/admin";

const account = () => adminAccount({ ensureAuth, refreshPasswordPolicy });

export const changePassword = (currentPassword: string, newPassword: string) => account().changePassword(currentPassword, newPassword);
export const changeEmail = (currentPassword: string, newEmail: string) => account().changeEmail(currentPassword, newEmail);
