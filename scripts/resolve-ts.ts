// Imported first by scripts that load the app's modules straight from source: the app's modules
// import each other without file extensions and through `~/` (tsconfig's paths, which Vite
// resolves); Node needs the `.ts` spelled out and the folder named. Only imports that fail as
// written are retried.
import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const appFolder = pathToFileURL(`${import.meta.dirname}/../app/`).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const target = specifier.startsWith("~/") ? appFolder + specifier.slice(2) : specifier;
    try {
      return nextResolve(target, context);
    } catch (error) {
      const relative = target.startsWith(".") || target.startsWith("file:");
      if (!relative || /\.(ts|js|json)$/.test(target)) throw error;
      return nextResolve(`${target}.ts`, context);
    }
  },
});
