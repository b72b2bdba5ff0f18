// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { ImageUrlField } from "./image-url-field";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ initial = "", error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return <ImageUrlField label="Avatar URL" value={value} onChange={setValue} error={error} />;
}

const preview = () => screen.queryByRole("img", { name: "Preview of the avatar URL" }) as HTMLImageElement | null;
const describedText = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("ImageUrlField", () => {
  it("previews the image at the address, at once for the saved value", () => {
    render(<Harness initial="/images/avatar.svg" />);
    expect(preview()?.getAttribute("src")).toBe("/images/avatar.svg");
  });

  it("warns in plain words, tied to the field, when the image does not load, without marking the field invalid", () => {
    render(<Harness initial="https://example.invalid/missing.png" />);
    const input = screen.getByLabelText(/^Avatar URL/);
    act(() => {
      fireEvent.error(preview() as HTMLImageElement);
    });
    expect(screen.getByText("This image could not be loaded; check the address.")).toBeTruthy();
    expect(describedText(input)).toContain("This image could not be loaded; check the address.");
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("follows typing after a pause, and a new address clears the warning until it fails too", () => {
    render(<Harness initial="https://example.invalid/a.png" />);
    act(() => {
      fireEvent.error(preview() as HTMLImageElement);
    });
    fireEvent.change(screen.getByLabelText(/^Avatar URL/), { target: { value: "/images/b.png" } });
    expect(preview()?.getAttribute("src")).toBe("https://example.invalid/a.png");
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(preview()?.getAttribute("src")).toBe("/images/b.png");
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    act(() => {
      fireEvent.load(preview() as HTMLImageElement);
    });
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it("shows no preview for an empty or refused address", () => {
    render(<Harness initial="" />);
    expect(preview()).toBeNull();
    cleanup();
    render(<Harness initial="javascript:alert(1)" error="An image URL must start with https://" />);
    expect(preview()).toBeNull();
  });
});
