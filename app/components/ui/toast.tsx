import * as ToastPrimitive from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { useSyncExternalStore } from "react";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";
import { CloseIcon } from "./icons";
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_HOTKEY,
} from "./toast-constants";
import { toast, toastStore, type ToastRecord, type ToastStore } from "./toast-store";

export function ToastProvider(props: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

export function ToastViewport({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      hotkey={TOAST_VIEWPORT_HOTKEY}
      className={cn(
        "fixed right-0 bottom-0 z-100 flex max-h-dvh w-full flex-col gap-4 p-4 outline-hidden sm:max-w-md",
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  [
    "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden",
    "rounded-lg border border-border bg-popover p-4 pr-11 text-popover-foreground shadow-lg",
    "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
    "motion-safe:data-[swipe=cancel]:transition-[translate]",
    "motion-safe:data-[state=open]:animate-toast-in motion-safe:data-[swipe=end]:animate-toast-swipe-out",
    "motion-safe:data-[state=closed]:not-data-[swipe=end]:animate-toast-out",
  ],
  {
    variants: {
      variant: {
        default: "",
        success: "border-l-4 border-l-success",
        error: "border-l-4 border-l-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant ?? "default"}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

export function ToastTitle({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      data-slot="toast-title"
      className={cn("text-sm font-semibold", className)}
      {...props}
    />
  );
}

export function ToastDescription({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

/** A button inside a toast. `altText` tells screen reader users how else to do the same. */
export function ToastAction({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), "self-center", className)}
      {...props}
    />
  );
}

export function ToastClose({
  className,
  label,
  ...props
}: Omit<React.ComponentProps<typeof ToastPrimitive.Close>, "children"> & {
  /** The button's accessible name, such as "Close"; the caller translates it. */
  label: string;
}) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label={label}
      className={cn(
        buttonVariants({ variant: "ghost", size: "icon" }),
        "absolute top-1.5 right-1.5 size-8 text-muted-foreground hover:text-foreground",
        className,
      )}
      {...props}
    >
      <CloseIcon />
    </ToastPrimitive.Close>
  );
}

const noToasts: readonly ToastRecord[] = [];

function getServerSnapshot() {
  return noToasts;
}

/** The toasts in a store, kept current. The server always renders none. */
export function useToasts(store: ToastStore = toastStore): readonly ToastRecord[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
}

export function useToast() {
  const toasts = useToasts();
  return { toasts, toast, dismiss: toastStore.dismiss };
}

export interface ToasterProps {
  /** Announced with each toast, such as "Notification". */
  label: string;
  /** Names the toast region, such as "Notifications ({hotkey})"; Radix fills in `{hotkey}`. */
  viewportLabel: string;
  /** Accessible name of each toast's close button, such as "Close". */
  closeLabel: string;
  /** Defaults to the page's store; tests pass their own. */
  store?: ToastStore;
}

/** Renders the toasts of a store. Place it once, in the root layout. */
export function Toaster({ label, viewportLabel, closeLabel, store = toastStore }: ToasterProps) {
  const toasts = useToasts(store);
  return (
    <ToastProvider label={label}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          duration={duration}
          variant={variant}
          onOpenChange={(next) => {
            if (!next) store.dismiss(id);
          }}
        >
          <div className="grid min-w-0 gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport label={viewportLabel} />
    </ToastProvider>
  );
}
