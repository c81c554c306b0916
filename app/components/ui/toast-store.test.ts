import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "./toast-constants";
import { createToastStore } from "./toast-store";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("toast store", () => {
  test("follows SPEC section 9: 5 toasts, 5000 ms, removed 200 ms after closing", () => {
    expect(TOAST_LIMIT).toBe(5);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(200);
  });

  test("keeps at most five toasts, dropping the oldest", () => {
    const store = createToastStore();
    const ids = Array.from({ length: 7 }, (_, index) => store.add({ title: `toast ${index}` }));
    const kept = store.getSnapshot();
    expect(kept).toHaveLength(TOAST_LIMIT);
    expect(kept.map((toast) => toast.id)).toEqual(ids.slice(2));
    expect(kept.map((toast) => toast.title)).toEqual([
      "toast 2",
      "toast 3",
      "toast 4",
      "toast 5",
      "toast 6",
    ]);
  });

  test("gives each toast the standard duration unless it asks for another", () => {
    const store = createToastStore();
    store.add({ title: "saved" });
    store.add({ title: "slow", duration: 10_000 });
    expect(store.getSnapshot().map((toast) => toast.duration)).toEqual([TOAST_DURATION_MS, 10_000]);
  });

  test("defaults to the default variant", () => {
    const store = createToastStore();
    store.add({ title: "saved" });
    store.add({ title: "failed", variant: "error" });
    expect(store.getSnapshot().map((toast) => toast.variant)).toEqual(["default", "error"]);
  });

  test("closes a dismissed toast at once and removes it after the exit delay", () => {
    const store = createToastStore();
    const first = store.add({ title: "first" });
    const second = store.add({ title: "second" });
    store.dismiss(first);
    expect(store.getSnapshot().find((toast) => toast.id === first)?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([second]);
  });

  test("dismisses every toast without an id", () => {
    const store = createToastStore();
    store.add({ title: "one" });
    store.add({ title: "two" });
    store.dismiss();
    expect(store.getSnapshot().map((toast) => toast.open)).toEqual([false, false]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  test("updates a toast in place and tells subscribers", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.add({ title: "Uploading…" });
    store.update(id, { title: "Uploaded", variant: "success" });
    expect(store.getSnapshot()).toMatchObject([
      { id, title: "Uploaded", variant: "success", duration: TOAST_DURATION_MS, open: true },
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.add({ title: "unheard" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
