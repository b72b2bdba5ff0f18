// The shell's own files a server-rendered page needs at once: the stylesheets of the layouts and
// of shared-content (markdown), which the browser would otherwise load only with the app's
// script, and the scripts hydration waits for, from the shell build's Vite manifest.
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

// index.html: the template's own stylesheet (inlined too, its link dropped). The entry imports the
// rest one step at a time (shell/src/main.tsx): each step's files are preloaded at once all the same.
const ENTRIES = [
  "index.html",
  "../node_modules/react-dom/client.js",
  "../shared-router/src/index.ts",
  "../shared-content/src/index.ts",
  "src/start.tsx",
  "src/app.tsx",
];

export function shellAssets(manifest: Record<string, ManifestChunk>): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(`/${chunk.file}`)) return;
    js.add(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const entry of ENTRIES) visit(entry);
  return { css: [...css], js: [...js] };
}
