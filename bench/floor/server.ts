// Serves the floor app's production build (`react-router build bench/floor` first) on PORT, the
// way server/main.ts serves the app: node:http, React Router's request handler and the same
// `compression` middleware, and nothing else.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import { createRequestHandler, type ServerBuild } from "react-router";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const buildFile = path.join(import.meta.dirname, "build/server/index.js");
const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
const handleRequest = createRequestHandler(build, "production");
const compress = compression() as unknown as Middleware;

const server = createServer((req, res) => {
  compress(req, res, () => {
    const request = createRequest(req, res);
    handleRequest(request)
      .then((response) => sendResponse(res, response))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
});
server.listen(Number(process.env.PORT ?? 3000), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
