import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The production server bundles server/ with the app (server/production.ts), see ADR 0003.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/production.ts" } } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
