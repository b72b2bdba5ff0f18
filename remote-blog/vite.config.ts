import { defineRemoteConfig } from "federation-kit/remote-config";
// The exposed screens are the federation contract, kept in one JSON file the contract test reads too.
import exposes from "./src/exposes.json" with { type: "json" };

export default defineRemoteConfig("remote_blog", exposes);
