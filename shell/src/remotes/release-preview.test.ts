import { beforeEach, describe, expect, it } from "vitest";
import type { RuntimeConfig } from "runtime-config";
import { localStackConfig } from "runtime-config/local-stack";
import { PREVIEW_KEY, endPreview, previewRefusal, readPreview, startPreview } from "./release-preview";

const config: RuntimeConfig = {
  ...localStackConfig(),
  remotes: { remote_blog: "http://127.0.0.1:4179/mf-manifest.json" },
  previewOrigins: ["http://127.0.0.1:4183"],
};

beforeEach(() => sessionStorage.clear());

describe("release preview", () => {
  it("accepts a listed origin and a known remote, kept in this tab's storage", () => {
    startPreview({ remote: "remote_blog", manifestUrl: "http://127.0.0.1:4183/mf-manifest.json" });
    expect(readPreview(config)).toEqual({ remote: "remote_blog", manifestUrl: "http://127.0.0.1:4183/mf-manifest.json" });
    endPreview();
    expect(readPreview(config)).toBeNull();
  });

  it("refuses an unlisted origin, an unknown remote and a malformed address, in plain words", () => {
    expect(previewRefusal({ remote: "remote_blog", manifestUrl: "https://evil.example/mf-manifest.json" }, config)).toBe(
      "https://evil.example is not one of this site's preview origins (http://127.0.0.1:4183).",
    );
    expect(previewRefusal({ remote: "remote_shop", manifestUrl: "http://127.0.0.1:4183/mf-manifest.json" }, config)).toContain("not a remote");
    expect(previewRefusal({ remote: "remote_blog", manifestUrl: "mf-manifest.json" }, config)).toContain("full address");
    expect(previewRefusal({ remote: "remote_blog", manifestUrl: "http://127.0.0.1:4183/x.json" }, { ...config, previewOrigins: undefined })).toContain(
      "allows no preview origins",
    );
  });

  it("drops a stored preview the config no longer allows", () => {
    sessionStorage.setItem(PREVIEW_KEY, JSON.stringify({ remote: "remote_blog", manifestUrl: "https://evil.example/mf-manifest.json" }));
    expect(readPreview(config)).toBeNull();
    expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
  });
});
