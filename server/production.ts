// The SSR build's entry (see vite.config.ts): the server plus the app's routes in one bundle, so
// the server and the loaders share one copy of every module, e.g. the router context keys.
export { startServer } from "./main";

// Asked for on every request; a production build never changes, so the import is kept.
let build: ReturnType<typeof importBuild> | undefined;
const importBuild = () => import("virtual:react-router/server-build");
export const loadBuild = () => (build ??= importBuild());
