// For tests in other workspaces (never imported by the app): start each test from no config
// and no Firebase instances.
export { resetFirebaseForTests } from "./firebase";
