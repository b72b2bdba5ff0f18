// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { interactiveMarker } from "./interactive";

describe("the interactive mark of a server-rendered page", () => {
  it("waits for the app's root and every slot the server rendered, in any order", () => {
    const root = document.createElement("html");
    const marker = interactiveMarker(["remote_home/HomePage", "remote_blog/BlogPostPage"], root);
    marker.appMounted();
    marker.slotHydrated("remote_home/HomePage");
    expect(root.dataset.interactive).toBeUndefined(); // the post's slot is still dehydrated
    marker.slotHydrated("remote_blog/BlogPostPage");
    expect(root.dataset.interactive).toBe("true");
  });

  it("a page without server-rendered slots is interactive when the app has mounted", () => {
    const root = document.createElement("html");
    const marker = interactiveMarker([], root);
    marker.slotHydrated("remote_admin/Account"); // a client-rendered slot changes nothing
    expect(root.dataset.interactive).toBeUndefined();
    marker.appMounted();
    expect(root.dataset.interactive).toBe("true");
  });
});
