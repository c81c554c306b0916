// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useUrlFieldState } from "./use-live-search";

afterEach(cleanup);

describe("a search field kept in step with the URL", () => {
  function field(initial: string) {
    const hook = renderHook(
      ({ url, fromHistory }: { url: string; fromHistory: boolean }) =>
        useUrlFieldState(url, fromHistory),
      { initialProps: { url: initial, fromHistory: false } },
    );
    const type = (value: string, send = true) =>
      act(() => {
        hook.result.current.set(value);
        if (send) hook.result.current.markSent(value);
      });
    const arrive = (url: string, fromHistory = false) => hook.rerender({ url, fromHistory });
    return { type, arrive, value: () => hook.result.current.value };
  }

  it("keeps what the visitor typed while the results of earlier words arrive", () => {
    const search = field("");
    search.type("ap");
    search.type("appel");
    // The results of "ap" arrive before those of "appel".
    search.arrive("ap");
    expect(search.value()).toBe("appel");
    search.arrive("appel");
    expect(search.value()).toBe("appel");
    // Typed on, not sent yet, while the last words' results arrived.
    search.type("ap");
    search.type("appelboom", false);
    search.arrive("ap");
    expect(search.value()).toBe("appelboom");
  });

  it("follows the URL when it changes by other means", () => {
    const place = field("");
    place.type("Utrecht");
    place.arrive("Utrecht");
    // "Clear location", a link: back to the value the page began with.
    place.arrive("");
    expect(place.value()).toBe("");
    // A link to a search the field had sent long before.
    place.type("Utrecht");
    place.arrive("Utrecht");
    place.arrive("Zeist");
    place.arrive("Utrecht");
    expect(place.value()).toBe("Utrecht");
  });

  it("follows back and forward, also to words it sent itself", () => {
    const search = field("");
    search.type("ap");
    search.type("appel");
    search.arrive("ap", true);
    expect(search.value()).toBe("ap");
  });
});
