import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useShellData } from "~/hooks/use-shell-data";

const CHANNEL = "plukweide-session";

/**
 * Keeps every open tab's signed-in state true: when this tab sees the member change (signed in,
 * out, another account, a new name or picture) it tells the others, which reload their data.
 */
export function SessionSync() {
  const { user } = useShellData();
  const revalidator = useRevalidator();
  const fingerprint = user ? `${user.id}:${user.name}:${user.avatarKey ?? ""}` : "";
  const previous = useRef(fingerprint);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const opened = new BroadcastChannel(CHANNEL);
    channel.current = opened;
    opened.onmessage = () => void revalidator.revalidate();
    return () => {
      opened.close();
      channel.current = null;
    };
    // The revalidator's identity changes with its state; the channel must not be reopened then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (previous.current === fingerprint) return;
    previous.current = fingerprint;
    channel.current?.postMessage("changed");
  }, [fingerprint]);

  return null;
}
