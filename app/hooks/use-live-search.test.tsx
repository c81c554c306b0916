// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useUrlFieldState } from "./use-live-search";

afterEach(cleanup);

describe("a search field kept in step with the URL", () => {
  function field(initial: string) {
    return renderHook(
      ({ url, fromHistory }: { url: string; fromHistory: boolean }) =>
        useUrlFieldState(url, fromHistory),
      { initialProps: { url: initial, fromHistory: false } },
    );
  }

  it("keeps what the visitor typed while the results of earlier words arrive late", () => {
    const { result, rerender } = field("");
    act(() => {
      result.current.set("ap");
      result.current.markSent("ap");
    });
    act(() => {
      result.current.set("appel");
      result.current.markSent("appel");
    });
    // The results of "ap" arrive after "appel" went out.
    rerender({ url: "ap", fromHistory: false });
    expect(result.current.value).toBe("appel");
    rerender({ url: "appel", fromHistory: false });
    expect(result.current.value).toBe("appel");
  });

  it("follows the URL when it changes by other means, and on back and forward", () => {
    const { result, rerender } = field("");
    act(() => {
      result.current.set("tulp");
      result.current.markSent("tulp");
    });
    rerender({ url: "tulp", fromHistory: false });
    // A link to another search.
    rerender({ url: "dahlia", fromHistory: false });
    expect(result.current.value).toBe("dahlia");
    act(() => {
      result.current.set("dahlias");
      result.current.markSent("dahlias");
    });
    rerender({ url: "dahlias", fromHistory: false });
    // Back to a search the field sent itself: the URL wins.
    rerender({ url: "dahlia", fromHistory: true });
    expect(result.current.value).toBe("dahlia");
    act(() => result.current.markSent("dahlia"));
    rerender({ url: "dahlias", fromHistory: true });
    expect(result.current.value).toBe("dahlias");
  });
});
