// Toasts in a real Chromium (Vitest browser mode): the app's stylesheet and animations, real
// pointer input with pointer capture for swipes, and real keyboard focus for the F8 hotkey.
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import { userEvent } from "vitest/browser";
import "~/app.css";
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from "./toast-constants";
import { createToastStore, type ToastStore } from "./toast-store";
import { Toaster } from "./toast";

let store: ToastStore;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  store = createToastStore();
  consoleError = vi.spyOn(console, "error");
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  // The pointer stays where a test left it; park it away from the toast region.
  await userEvent.unhover(document.body);
  // STYLE.md: a console.error during a test fails it (React warnings included).
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
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

function shownToasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-slot="toast"]')];
}

/** Shows one toast and waits until it has slid into place. */
async function showToast(title: string): Promise<HTMLElement> {
  act(() => {
    store.add({ title });
  });
  const toast = shownToasts().find((element) => element.textContent?.includes(title));
  expect(toast).toBeDefined();
  await Promise.all(toast!.getAnimations().map((animation) => animation.finished));
  return toast!;
}

/** Drags a toast sideways with the real mouse: press, one move of `dx` pixels, release. */
async function swipe(toast: HTMLElement, dx: number) {
  const y = toast.getBoundingClientRect().height / 2;
  // Both points inside the toast, so the press and the release land on it.
  const x = dx > 0 ? 10 : 10 - dx;
  await userEvent.dragAndDrop(toast, toast, {
    sourcePosition: { x, y },
    targetPosition: { x: x + dx, y },
  });
}

describe("Toaster in a browser", () => {
  test("sits bottom right with 16 px spacing", async () => {
    renderToaster();
    const first = await showToast("First");
    const second = await showToast("Second");
    const viewport = document.querySelector<HTMLElement>('[data-slot="toast-viewport"]')!;
    const box = viewport.getBoundingClientRect();
    expect(box.right).toBe(document.documentElement.clientWidth);
    expect(box.bottom).toBe(document.documentElement.clientHeight);
    expect(getComputedStyle(viewport).gap).toBe("16px");
    expect(getComputedStyle(viewport).paddingRight).toBe("16px");
    expect(second.getBoundingClientRect().top - first.getBoundingClientRect().bottom).toBeCloseTo(
      16,
      0,
    );
  });

  test("keeps at most five toasts: a sixth drops the oldest", async () => {
    expect(TOAST_LIMIT).toBe(5);
    renderToaster();
    for (let index = 1; index <= 6; index += 1) {
      act(() => {
        store.add({ title: `Toast ${index}` });
      });
    }
    expect(shownToasts().map((toast) => toast.textContent)).toEqual([
      "Toast 2",
      "Toast 3",
      "Toast 4",
      "Toast 5",
      "Toast 6",
    ]);
  });

  test("closes by itself after 5000 ms and leaves the DOM 200 ms later", async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(200);
    // Only the clocks the toast timers use; React, animations and Vitest keep real time.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderToaster();
    act(() => {
      store.add({ title: "Saved" });
    });
    const toast = shownToasts()[0]!;
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(toast.dataset.state).toBe("open");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    // Closed, but still in the document while its exit animation plays.
    expect(toast.dataset.state).toBe("closed");
    expect(toast.isConnected).toBe(true);
    expect(toast.getAnimations()).not.toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(store.getSnapshot()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(store.getSnapshot()).toEqual([]);
    expect(toast.isConnected).toBe(false);
    expect(shownToasts()).toHaveLength(0);
  });

  test("the close button closes a toast and removes it about 200 ms later", async () => {
    renderToaster();
    const toast = await showToast("Saved");
    const close = toast.querySelector<HTMLElement>('[data-slot="toast-close"]')!;
    expect(close.getAttribute("aria-label")).toBe("Close");
    const clickedAt = performance.now();
    await userEvent.click(close);
    expect(toast.dataset.state).toBe("closed");
    expect(toast.isConnected).toBe(true);
    await expect.poll(() => toast.isConnected, { interval: 10 }).toBe(false);
    // Never before the exit delay (timers and animations do not end early; 10 ms for rounding);
    // the upper bound only guards against "never".
    expect(performance.now() - clickedAt).toBeGreaterThanOrEqual(TOAST_REMOVE_DELAY_MS - 10);
    expect(performance.now() - clickedAt).toBeLessThan(2000);
    // The exit animation and the store's removal timer both take 200 ms; either may end first.
    await expect.poll(() => store.getSnapshot(), { interval: 10 }).toEqual([]);
  });

  test(`a swipe right of more than ${TOAST_SWIPE_THRESHOLD_PX} px dismisses the toast`, async () => {
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    renderToaster();
    const toast = await showToast("Swipe me");
    await swipe(toast, TOAST_SWIPE_THRESHOLD_PX + 30);
    expect(toast.dataset.swipe).toBe("end");
    expect(toast.dataset.state).toBe("closed");
    await expect.poll(() => toast.isConnected, { interval: 10 }).toBe(false);
    await expect.poll(() => store.getSnapshot(), { interval: 10 }).toEqual([]);
  });

  test(`a swipe right of less than ${TOAST_SWIPE_THRESHOLD_PX} px leaves the toast open`, async () => {
    renderToaster();
    const toast = await showToast("Keep me");
    await swipe(toast, TOAST_SWIPE_THRESHOLD_PX - 20);
    expect(toast.dataset.swipe).toBe("cancel");
    expect(toast.dataset.state).toBe("open");
    // It springs back and stays.
    await Promise.all(toast.getAnimations().map((animation) => animation.finished));
    await new Promise((resolve) => setTimeout(resolve, TOAST_REMOVE_DELAY_MS + 50));
    expect(toast.isConnected).toBe(true);
    expect(store.getSnapshot()).toMatchObject([{ title: "Keep me", open: true }]);
  });

  test("a swipe to the left does not dismiss", async () => {
    renderToaster();
    const toast = await showToast("Not this way");
    await swipe(toast, -(TOAST_SWIPE_THRESHOLD_PX + 30));
    expect(toast.dataset.state).toBe("open");
    expect(store.getSnapshot()).toMatchObject([{ open: true }]);
  });

  test("F8 moves focus to the toast region", async () => {
    renderToaster();
    await showToast("Look here");
    const viewport = document.querySelector<HTMLElement>('[data-slot="toast-viewport"]')!;
    expect(document.activeElement).not.toBe(viewport);
    await userEvent.keyboard("{F8}");
    expect(document.activeElement).toBe(viewport);
    expect(viewport.closest('[role="region"]')?.getAttribute("aria-label")).toBe(
      "Notifications (F8)",
    );
  });
});
