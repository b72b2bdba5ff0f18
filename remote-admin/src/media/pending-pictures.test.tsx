// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PictureNotSentError, usePendingPictureList, type PendingPicture } from "./pending-pictures";

const picture = (over: Partial<PendingPicture> = {}): PendingPicture => ({
  label: "the cover image “quay.jpg”",
  check: () => null,
  send: async () => (values) => ({ ...values, coverUrl: "https://example.com/quay.jpg" }),
  ...over,
});

afterEach(cleanup);

describe("the pictures a form's save sends first", () => {
  it("sends every prepared picture in turn and gives their changes to the values in one", async () => {
    const { result } = renderHook(() => usePendingPictureList());
    const body = picture({ label: "the picture “gull.jpg” for the body", send: async () => (v) => ({ ...v, body: `${String(v.body)}\n\n![gull](g.jpg)` }) });
    act(() => {
      result.current.register("cover", picture());
      result.current.register("body", body);
    });
    expect(result.current.count).toBe(2);
    let patch: Awaited<ReturnType<typeof result.current.sendAll>> | undefined;
    await act(async () => {
      patch = await result.current.sendAll();
    });
    expect(patch?.({ body: "Text", coverUrl: "" })).toEqual({ body: "Text\n\n![gull](g.jpg)", coverUrl: "https://example.com/quay.jpg" });
  });

  it("checks them all before sending any: one without alt text stops the save, named, and nothing is sent", async () => {
    const { result } = renderHook(() => usePendingPictureList());
    const send = vi.fn(picture().send);
    act(() => {
      result.current.register("body", picture({ send }));
      result.current.register("cover", picture({ check: () => "the cover image “quay.jpg” has no alt text yet. Describe it, or discard it." }));
    });
    await expect(result.current.sendAll()).rejects.toThrow(
      new PictureNotSentError("Not saved: the cover image “quay.jpg” has no alt text yet. Describe it, or discard it."),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it("a failed upload stops the save with the picture's name and the reason", async () => {
    const { result } = renderHook(() => usePendingPictureList());
    act(() => result.current.register("cover", picture({ send: async () => Promise.reject(new Error("The upload was cancelled; nothing was saved.")) })));
    await expect(result.current.sendAll()).rejects.toThrow(
      "Not saved: the cover image “quay.jpg” could not be uploaded. The upload was cancelled; nothing was saved.",
    );
  });

  it("a control that lets its picture go is no longer counted", () => {
    const { result } = renderHook(() => usePendingPictureList());
    act(() => result.current.register("cover", picture()));
    act(() => result.current.register("cover", null));
    expect(result.current.count).toBe(0);
  });
});
