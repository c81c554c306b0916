// Toast behaviour from SPEC section 9, in one place for the components and their tests.

/** How long a toast stays open before it closes by itself. */
export const TOAST_DURATION_MS = 5000;

/** The most toasts kept at once; adding another drops the oldest. */
export const TOAST_LIMIT = 5;

/** How long a closed toast stays in the DOM, long enough for its exit animation. */
export const TOAST_REMOVE_DELAY_MS = 200;

/** Toasts are dismissed by swiping them to the right... */
export const TOAST_SWIPE_DIRECTION = "right";

/** ...past this many pixels. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The keys that move focus to the toast viewport. */
export const TOAST_VIEWPORT_HOTKEY: string[] = ["F8"];
