import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** These tests run the production build; `npm test` builds first, a lone `vitest` run may not have. */
export default function setup() {
  if (existsSync("build/server/index.js")) return;
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("react-router build failed");
}
