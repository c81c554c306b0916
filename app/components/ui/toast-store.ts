import type { ReactElement, ReactNode } from "react";
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "./toast-constants";

export type ToastVariant = "default" | "success" | "error";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** A `<ToastAction altText="…">` offering something to do about the message. */
  action?: ReactElement;
  /** Overrides the standard duration, in milliseconds. */
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  variant: ToastVariant;
  duration: number;
  /** False while the toast plays its exit animation, just before it is removed. */
  open: boolean;
}

export interface ToastStore {
  /** Shows a toast and returns its id. */
  add(options: ToastOptions): string;
  update(id: string, options: ToastOptions): void;
  /** Closes one toast, or all of them without an id; each is removed once its exit has played. */
  dismiss(id?: string): void;
  /** Removes a toast at once. */
  remove(id: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ToastRecord[];
}

export function createToastStore({
  limit = TOAST_LIMIT,
  duration = TOAST_DURATION_MS,
  removeDelay = TOAST_REMOVE_DELAY_MS,
}: { limit?: number; duration?: number; removeDelay?: number } = {}): ToastStore {
  let toasts: readonly ToastRecord[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function set(next: readonly ToastRecord[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function cancelRemoval(id: string) {
    const timer = removalTimers.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }

  function remove(id: string) {
    cancelRemoval(id);
    if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
  }

  function scheduleRemoval(id: string) {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => remove(id), removeDelay),
    );
  }

  return {
    add(options) {
      counter += 1;
      const id = `toast-${counter}`;
      const next = [
        ...toasts,
        {
          ...options,
          id,
          variant: options.variant ?? "default",
          duration: options.duration ?? duration,
          open: true,
        },
      ];
      const dropped = next.slice(0, Math.max(0, next.length - limit));
      for (const toast of dropped) cancelRemoval(toast.id);
      set(next.slice(dropped.length));
      return id;
    },
    update(id, options) {
      if (!toasts.some((toast) => toast.id === id)) return;
      set(
        toasts.map((toast) =>
          toast.id === id
            ? {
                ...toast,
                ...options,
                id,
                variant: options.variant ?? toast.variant,
                duration: options.duration ?? toast.duration,
              }
            : toast,
        ),
      );
    },
    dismiss(id) {
      const closing = toasts.filter((toast) => toast.open && (id === undefined || toast.id === id));
      if (closing.length === 0) return;
      set(toasts.map((toast) => (closing.includes(toast) ? { ...toast, open: false } : toast)));
      for (const toast of closing) scheduleRemoval(toast.id);
    },
    remove,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot() {
      return toasts;
    },
  };
}

/** The page's toasts, shown by the `<Toaster>` in the root layout. Browser-only: call it from
 * event handlers and effects, never while rendering on the server. */
export const toastStore = createToastStore();

export function toast(options: ToastOptions) {
  const id = toastStore.add(options);
  return {
    id,
    dismiss: () => toastStore.dismiss(id),
    update: (next: ToastOptions) => toastStore.update(id, next),
  };
}
