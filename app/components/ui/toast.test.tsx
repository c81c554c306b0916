// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "./toast-constants";
import { createToastStore, type ToastStore } from "./toast-store";
import { ToastAction, Toaster } from "./toast";

let store: ToastStore;

beforeEach(() => {
  vi.useFakeTimers();
  store = createToastStore();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderToaster() {
  render(
    <Toaster
      store={store}
      label="Notification"
      viewportLabel="Notifications ({hotkey})"
      closeLabel="Close"
    />,
  );
}

function shownToasts() {
  return document.querySelectorAll('[data-slot="toast"]');
}

describe("Toaster", () => {
  test("shows a toast with its title, description, action and a labelled close button", () => {
    renderToaster();
    act(() => {
      store.add({
        title: "Meadow saved",
        description: "Visitors can find it now.",
        variant: "success",
        action: <ToastAction altText="Open the meadow">Open</ToastAction>,
      });
    });
    const toast = shownToasts()[0] as HTMLElement;
    expect(toast.dataset.variant).toBe("success");
    expect(within(toast).getByText("Meadow saved")).toBeTruthy();
    expect(within(toast).getByText("Visitors can find it now.")).toBeTruthy();
    expect(within(toast).getByRole("button", { name: "Open" })).toBeTruthy();
    expect(within(toast).getByRole("button", { name: "Close" })).toBeTruthy();
  });

  test("names the viewport region after its hotkey", () => {
    renderToaster();
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
  });

  test("closes a toast after 5000 ms and removes it 200 ms later", () => {
    renderToaster();
    act(() => {
      store.add({ title: "Saved" });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(store.getSnapshot()[0]?.open).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(store.getSnapshot()[0]?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(store.getSnapshot()).toEqual([]);
    expect(shownToasts()).toHaveLength(0);
  });

  test("shows at most five toasts", () => {
    renderToaster();
    act(() => {
      for (let index = 1; index <= 7; index += 1) store.add({ title: `Toast ${index}` });
    });
    expect(shownToasts()).toHaveLength(TOAST_LIMIT);
    expect(screen.queryByText("Toast 2")).toBeNull();
    expect(screen.getByText("Toast 3")).toBeTruthy();
    expect(screen.getByText("Toast 7")).toBeTruthy();
  });

  test("closes a toast with its close button", () => {
    renderToaster();
    act(() => {
      store.add({ title: "Saved" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(store.getSnapshot()[0]?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(shownToasts()).toHaveLength(0);
  });
});
