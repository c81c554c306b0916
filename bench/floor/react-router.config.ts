import type { Config } from "@react-router/dev/config";

// The floor of `npm run bench:pages`: what React Router itself serves, with nothing of the app.
export default {
  ssr: true,
} satisfies Config;
