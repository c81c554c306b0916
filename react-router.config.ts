import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route's manifest in one cached file, rather than each page carrying its own routes'
  // part inline and links asking /__manifest for the rest: pages are smaller and cheaper to
  // render, and a click needs no lookup first (ADR 39).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
