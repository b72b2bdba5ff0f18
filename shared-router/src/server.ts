// The server renderer's routing API (renderer/, through shell/server): a static router renders
// the same <Router> tree as the browser's BlockingBrowserRouter, so hydration (and useId) match.
// A separate entry, so the module visitors download stays as small as it is.
export { StaticRouter } from "react-router-dom";
