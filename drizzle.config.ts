import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this file; migrations are applied by the app at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
