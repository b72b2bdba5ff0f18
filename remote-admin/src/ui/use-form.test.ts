// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import { useForm, type FieldErrors } from "./use-form";

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
});
