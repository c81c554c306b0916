// The SSR build's entry (see vite.config.ts): the server plus the app's routes in one bundle, so
// the server and the loaders share one copy of every module, e.g. the router context keys.
export { startServer } from "./main";

export const loadBuild = () => import("virtual:react-router/server-build");
