// The shell's development server (`npm run dev -w shell`) answers /config.json like the local
// stack does, from the same port variables (AUTH_PORT, DATABASE_PORT, SITE_PORT): each remote
// comes from its own dev server (hot reload) when DEV_REMOTES names it (for example
// DEV_REMOTES=remote-blog), else from its last build, served on a free port. So one remote can be
// developed inside the composed site with the others as built.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { remoteNamed } from "federation-kit/remotes";
import { REMOTES, devServerPort, portsFromEnv, repoRoot, runtimeConfig, type RemoteSite } from "./stack-config";
import { startStaticServer } from "./static-server";

const devServerUrl = (remote: RemoteSite) => `http://127.0.0.1:${devServerPort(remote)}/mf-manifest.json`;

export function serveDevConfig(): Plugin {
  return {
    name: "shell:dev-config",
    apply: "serve",
    async configureServer(server) {
      const wanted = new Set((process.env.DEV_REMOTES ?? "").split(",").map((s) => remoteNamed(s.trim())?.name));
      const remoteUrls: Record<string, string> = {};
      for (const r of REMOTES) {
        const built = join(repoRoot, r.dir, "dist");
        if (wanted.has(r.name) || !existsSync(join(built, "mf-manifest.json"))) {
          remoteUrls[r.name] = devServerUrl(r);
          continue;
        }
        const served = await startStaticServer({ root: built, name: `${r.dir} (built)` });
        server.httpServer?.once("close", () => void served.close());
        remoteUrls[r.name] = `${served.url}/mf-manifest.json`;
      }
      const ports = portsFromEnv();
      const config = runtimeConfig({ ports, remoteUrls });
      server.config.logger.info(
        `  Remotes: ${Object.entries(remoteUrls)
          .map(([name, url]) => `${name} ${url}`)
          .join(", ")}`,
      );
      server.middlewares.use("/config.json", (_req, res) => {
        res.setHeader("Content-Type", "application/json");
        res.setHeader("Cache-Control", "no-store");
        res.end(JSON.stringify(config));
      });
    },
  };
}
