// Exposed as ./Account (federation contract): the admin's own account screen.
import { AccountScreen } from "../account/account-screen";

export default function Account() {
  return <AccountScreen />;
}
