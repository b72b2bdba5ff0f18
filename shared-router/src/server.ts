// The server renderer's routing API (renderer/, through shell/server): a memory router renders
// the same RouterProvider tree as the browser's router, so hydration (and useId) match. A separate
// entry, so the module visitors download stays as small as it is.
export { createMemoryRouter } from "react-router-dom";
