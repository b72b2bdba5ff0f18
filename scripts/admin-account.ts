// `npm run admin-account`: create the admin account or reset its password (docs/admin-account.md).
// The calls themselves are dev-tools/admin-account's, which the tests share.
import { AdminAccountError, main } from "dev-tools/admin-account";

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof AdminAccountError ? `admin-account: ${error.message}` : error);
    process.exit(1);
  },
);
