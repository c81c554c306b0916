// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createRoutesStub, Form } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { Button, SubmitButton } from "./button";

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function isBusy(element: HTMLElement) {
  return element.getAttribute("aria-busy") === "true";
}

describe("Button", () => {
  test("is busy while the promise its click handler returned is pending", async () => {
    const user = userEvent.setup();
    const save = deferred();
    const onClick = vi.fn(() => save.promise);
    render(
      <Button busyLabel="Saving…" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(isBusy(button)).toBe(false);

    await user.click(button);
    expect(isBusy(button)).toBe(true);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "Saving…" })).toBe(button);
    expect(button.querySelector("svg")).not.toBeNull();

    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    await act(async () => save.resolve());
    expect(isBusy(button)).toBe(false);
    expect(button.hasAttribute("aria-disabled")).toBe(false);
    expect(screen.getByRole("button", { name: "Save" })).toBe(button);
    expect(button.querySelector("svg")).toBeNull();
  });

  test("stays idle when the click handler returns nothing", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Open</Button>);
    const button = screen.getByRole("button", { name: "Open" });
    await user.click(button);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(isBusy(button)).toBe(false);
  });

  test("shows the busy state when loading, keeping its name without a busy label", () => {
    render(<Button loading>Send</Button>);
    const button = screen.getByRole("button", { name: "Send" });
    expect(isBusy(button)).toBe(true);
    expect(button.getAttribute("aria-disabled")).toBe("true");
  });

  test("renders its child instead of a button with asChild", () => {
    render(
      <Button asChild variant="outline">
        <a href="/meadows">Meadows</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Meadows" });
    expect(link.dataset.slot).toBe("button");
    expect(link.className).toContain("border-input");
  });
});

describe("SubmitButton", () => {
  function renderRows(action: () => Promise<null>) {
    function Rows() {
      return (
        <>
          {["a", "b"].map((id) => (
            <Form method="post" key={id}>
              <input type="hidden" name="id" value={id} />
              <SubmitButton name="intent" value="delete" busyLabel={`Deleting ${id}…`}>
                Delete {id}
              </SubmitButton>
            </Form>
          ))}
          <Form method="post">
            <SubmitButton name="intent" value="rename">
              Rename
            </SubmitButton>
          </Form>
        </>
      );
    }
    const Stub = createRoutesStub([{ path: "/", Component: Rows, action }]);
    render(<Stub initialEntries={["/"]} />);
  }

  test("is busy while its own form submits, and only its own", async () => {
    const user = userEvent.setup();
    const action = deferred();
    renderRows(async () => {
      await action.promise;
      return null;
    });
    const deleteA = await screen.findByRole("button", { name: "Delete a" });
    const deleteB = screen.getByRole("button", { name: "Delete b" });
    const rename = screen.getByRole("button", { name: "Rename" });

    await user.click(deleteA);
    await waitFor(() => expect(isBusy(deleteA)).toBe(true));
    expect(screen.getByRole("button", { name: "Deleting a…" })).toBe(deleteA);
    expect(isBusy(deleteB)).toBe(false);
    expect(isBusy(rename)).toBe(false);

    await act(async () => action.resolve());
    await waitFor(() => expect(isBusy(deleteA)).toBe(false));
  });

  test("follows the pending prop, for fetcher forms", async () => {
    function Page() {
      return (
        <Form method="post">
          <SubmitButton pending>Busy</SubmitButton>
          <SubmitButton pending={false}>Idle</SubmitButton>
        </Form>
      );
    }
    const Stub = createRoutesStub([{ path: "/", Component: Page }]);
    render(<Stub initialEntries={["/"]} />);
    expect(isBusy(await screen.findByRole("button", { name: "Busy" }))).toBe(true);
    expect(isBusy(screen.getByRole("button", { name: "Idle" }))).toBe(false);
  });
});
