// Boot: fetch the runtime config, initialise Firebase once (shared-auth), register the remotes
// from config.json, then render. Nothing here is decided at build time.
import { createRoot } from "react-dom/client";
import { applyTheme, readStoredTheme } from "./theme/theme";
import "./theme/global.css";
import { bootstrap } from "./bootstrap";

applyTheme(readStoredTheme());

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root");
const root = createRoot(rootElement);

bootstrap()
  .then(async () => {
    const { App } = await import("./app");
    root.render(<App />);
  })
  .catch((error: unknown) => {
    console.error("[shell] start-up failed", error);
    rootElement.innerHTML = "";
    const box = document.createElement("main");
    box.setAttribute("role", "alert");
    box.style.padding = "2rem";
    box.textContent = "The site could not start: its configuration could not be loaded. Please reload the page in a moment.";
    rootElement.append(box);
  });
