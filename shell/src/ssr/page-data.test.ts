import { describe, expect, it } from "vitest";
import { localStackConfig } from "runtime-config/local-stack";
import { PAGE_DATA_ID, pageDataScript, readPageData, type PageData } from "./page-data";

const data: PageData = {
  config: localStackConfig(),
  content: { reads: { "blog/index": { value: { t: { title: "</script><script>alert(1)</script> & \u2028" } } } }, markdown: { k: { html: "<p>hi</p>" } } },
  failedSlots: ["remote_home/HomePage"],
  slots: ["remote_home/HomePage"],
  incompatible: { remote_home: "remote_home 1.2.0 is incompatible with this site: needs shared-content ^1.3.0, the site provides 1.2.0" },
  releases: { remote_blog: "1.4.0-3f2a9c01bd" },
  watched: ["remote_blog"],
};

describe("page data", () => {
  it("round-trips through the document", () => {
    document.body.innerHTML = pageDataScript(data);
    expect(document.getElementById(PAGE_DATA_ID)?.getAttribute("type")).toBe("application/json");
    expect(readPageData(document)).toEqual(data);
  });

  it("is null on a page rendered in the browser, or when the data is broken", () => {
    document.body.innerHTML = "";
    expect(readPageData(document)).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}">{not json</script>`;
    expect(readPageData(document)).toBeNull();
  });
});
