// What a test waits for a live change: an edit reaches an open page within 2 s, since the change
// feed reads a changed section again after a random delay under REREAD_SPREAD_MS (1 s). Testing
// Library's default of 1 s for `waitFor` made the live suites fail now and then.
import { configure } from "@testing-library/react";
import { REREAD_SPREAD_MS } from "../src/changes";

configure({ asyncUtilTimeout: 2 * REREAD_SPREAD_MS + 1000 });
