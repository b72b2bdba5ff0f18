// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import { errorFor, useForm, type FieldErrors } from "./use-form";

afterEach(cleanup);

interface Values {
  name: string;
  url: string;
}
const validate = (v: Values): FieldErrors => {
  const errors: FieldErrors = {};
  if (!v.name.trim()) errors.name = "Enter a name.";
  if (v.url && !/^https?:\/\//.test(v.url)) errors.url = "Use an http(s) address.";
  return errors;
};

describe("useForm", () => {
  it("shows a message only for touched fields until a submit is tried", () => {
    const { result } = renderHook(() => useForm<Values>({ name: "", url: "" }, validate));
    expect(result.current.errors).toEqual({});
    expect(result.current.isValid).toBe(false);
    act(() => result.current.set("url", "ftp://x"));
    expect(result.current.errors).toEqual({ url: "Use an http(s) address." });
    let ok = true;
    act(() => {
      ok = result.current.validateAll();
    });
    expect(ok).toBe(false);
    expect(result.current.errors).toEqual({ name: "Enter a name.", url: "Use an http(s) address." });
  });

  it("tracks dirty against the last baseline", () => {
    const { result } = renderHook(() => useForm<Values>({ name: "Ada", url: "" }, validate));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set("name", "Ada L."));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.set("name", "Ada"));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set("name", "Grace"));
    act(() => result.current.reset({ name: "Grace", url: "" }));
    expect(result.current.dirty).toBe(false);
    expect(result.current.errors).toEqual({});
  });

  it("ties a text control to one field: its value, its change and its shown message", () => {
    const { result } = renderHook(() => useForm<Values>({ name: "Ada", url: "" }, validate));
    expect(result.current.field("url")).toEqual({ value: "", onChange: expect.any(Function), error: undefined });
    act(() => result.current.field("url").onChange("ftp://x"));
    expect(result.current.values.url).toBe("ftp://x");
    expect(result.current.field("url").error).toBe("Use an http(s) address.");
    expect(result.current.field("name").error).toBeUndefined();
  });

  it("shows a nested message on the field that holds the list", () => {
    expect(errorFor({ "technologies.2": "Too long." }, "technologies")).toBe("Too long.");
    expect(errorFor({ technologies: "Too many." }, "technologies")).toBe("Too many.");
    expect(errorFor({ "technologiesText.0": "x" }, "technologies")).toBeUndefined();
  });
});
