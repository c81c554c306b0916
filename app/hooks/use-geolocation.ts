import { useCallback, useRef, useState } from "react";

export interface Position {
  lat: number;
  lng: number;
}

/** Why no position came: the browser has no geolocation, or it gave none (denied, timed out). */
export type GeolocationFailure = "unsupported" | "unavailable";

export type GeolocationState =
  { status: "idle" } | { status: "locating" } | { status: "failed"; failure: GeolocationFailure };

/**
 * A coarse, possibly cached position is plenty to sort meadows by distance, and comes much
 * faster than a fresh GPS fix; after 15 s the visitor has waited long enough.
 */
const OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  maximumAge: 5 * 60 * 1000,
  timeout: 15_000,
};

/**
 * The browser's position on request ("use my location"). `locate` resolves with the position,
 * or with null after setting `state` to the failure; a request made while one is pending
 * replaces it.
 */
export function useGeolocation() {
  const [state, setState] = useState<GeolocationState>({ status: "idle" });
  const latest = useRef(0);

  const locate = useCallback((): Promise<Position | null> => {
    const request = ++latest.current;
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
      setState({ status: "failed", failure: "unsupported" });
      return Promise.resolve(null);
    }
    setState({ status: "locating" });
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => {
          if (request !== latest.current) return resolve(null);
          setState({ status: "idle" });
          resolve({ lat: coords.latitude, lng: coords.longitude });
        },
        () => {
          if (request !== latest.current) return resolve(null);
          setState({ status: "failed", failure: "unavailable" });
          resolve(null);
        },
        OPTIONS,
      );
    });
  }, []);

  const reset = useCallback(() => setState({ status: "idle" }), []);

  return { state, locate, reset };
}
