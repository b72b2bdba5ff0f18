// The shell's own files a server-rendered page needs at once: the stylesheets of the layouts and
// of shared-content (markdown), which the browser would otherwise load only with the app's
// script, and the scripts hydration waits for, from the shell build's Vite manifest.
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

// index.html: the template's own stylesheet (inlined too, its link dropped).
const ENTRIES = ["index.html", "src/app.tsx", "../shared-content/src/index.ts", "../shared-router/src/index.ts"];

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
