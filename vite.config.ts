import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressClientBuild } from "./server/precompress.ts";

export default defineConfig({
  // The production server bundles server/ with the app (server/production.ts), see ADR 0003.
  environments: {
    ssr: {
      build: {
        rolldownOptions: { input: "./server/production.ts" },
        // For `npm run test:coverage`, which maps the started apps' lines back to their sources.
        sourcemap: process.env.SERVER_SOURCEMAP === "true",
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page needs React, the router, i18next and the Radix pieces of the shell. As
            // one chunk they come in one request instead of about twenty small ones, which on a
            // phone's connection costs round trips before the page can hydrate.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@radix-ui|@floating-ui|clsx|tailwind-merge|class-variance-authority)[\\/]/,
                },
                {
                  // The shell's own small modules (hooks, helpers, UI kit), likewise; not the map,
                  // the meadow form and its parts, the schemas or the opening-hours library's
                  // reader, which only some pages load. A module here brings what it imports: the
                  // crop picker would bring the whole opening-hours library to every page, and the
                  // settings' and photos' parts would build their forms' schemas on every page.
                  name: "shell",
                  test: /[\\/]app[\\/](hooks|lib(?![\\/](schemas|opening-hours))|components(?![\\/](map|meadow-form|hours-editor|crop-picker|settings|photo-|picture-file-field)))[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressClientBuild()],
});
