// @vitest-environment jsdom
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ImageUrlField } from "./image-url-field";

afterEach(cleanup);

function Harness({ initial = "", error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return <ImageUrlField label="Avatar URL" value={value} onChange={setValue} error={error} />;
}

describe("ImageUrlField", () => {
  it("shows a preview of the address once typing pauses, and no warning while it loads", async () => {
    render(<Harness initial="https://example.com/me.png" />);
    const img = await screen.findByRole("img", { name: "Preview of the avatar" });
    expect(img.getAttribute("src")).toBe("https://example.com/me.png");
    fireEvent.load(img);
    expect(screen.getByLabelText("Avatar URL").getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it("warns in the field's description when the image does not load, without making the field invalid", async () => {
    render(<Harness initial="/images/missing.png" />);
    fireEvent.error(await screen.findByRole("img", { name: "Preview of the avatar" }));
    const input = screen.getByLabelText("Avatar URL");
    const description = document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
    expect(description).toContain("This image could not be loaded: check the address. You can still save it.");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    // A new address starts over: no stale warning.
    fireEvent.change(input, { target: { value: "/images/avatar.svg" } });
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it("tries nothing for an address the schema refuses, or while the field shows an error", async () => {
    render(<Harness initial="javascript:alert(1)" />);
    await new Promise((r) => setTimeout(r, 450));
    expect(screen.queryByRole("img")).toBeNull();
    cleanup();
    render(<Harness initial="https://example.com/me.png" error="An image URL must start with https://" />);
    await new Promise((r) => setTimeout(r, 450));
    expect(screen.queryByRole("img")).toBeNull();
  });
});
