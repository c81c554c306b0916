// Imported first by scripts that load the app's modules straight from source: the app's modules
// import each other without file extensions (Vite resolves them); Node needs the `.ts` spelled
// out. Only relative imports that fail as written are retried.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith(".") || /\.(ts|js|json)$/.test(specifier)) throw error;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});
