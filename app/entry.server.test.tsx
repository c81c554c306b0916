import { RouterContextProvider, type EntryContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { appContext, type AppServices } from "./context";
import handleRequest, { handleError } from "./entry.server";

/** What the server hands over when React Router answers before its middleware ran. */
function contextWithoutMiddleware() {
  const context = new RouterContextProvider();
  const warn = vi.fn();
  const error = vi.fn();
  context.set(appContext, {
    config: { mapStyleUrl: "https://tiles.example/style.json" },
    logger: { warn, error },
  } as unknown as AppServices);
  return { context, warn, error };
}

describe("handleRequest", () => {
  it("fails a render that cannot start, so React Router answers with its error page", async () => {
    const { context } = contextWithoutMiddleware();
    const answer = handleRequest(
      new Request("http://localhost/nope"),
      404,
      new Headers(),
      { isSpaMode: false } as EntryContext,
      context,
    );
    await expect(answer).rejects.toThrow(/No value found for context/);
  });
});

describe("handleError", () => {
  const request = new Request("http://localhost/resources/colour-mode", { method: "POST" });

  it("logs React Router's refusal of a cross-site post as a warning", () => {
    const { context, warn, error } = contextWithoutMiddleware();
    handleError(
      new Error(
        "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
      ),
      { request, context, params: {} },
    );
    expect(warn).toHaveBeenCalledWith(
      { method: "POST", path: "/resources/colour-mode" },
      "cross-site request refused",
    );
    expect(error).not.toHaveBeenCalled();
  });

  it("logs other errors as errors", () => {
    const { context, warn, error } = contextWithoutMiddleware();
    handleError(new Error("database gone"), { request, context, params: {} });
    expect(error).toHaveBeenCalledOnce();
    expect(warn).not.toHaveBeenCalled();
  });
});
