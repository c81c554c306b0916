import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  url: URL;
  headers: IncomingHttpHeaders;
  at: number;
}

export type Answer = (url: URL, response: ServerResponse) => void;

/** A local server that answers like the real service would, and remembers what it was asked. */
export async function fakeService(answer: Answer) {
  const requests: Recorded[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    requests.push({ url, headers: request.headers, at: performance.now() });
    answer(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(response: ServerResponse, body: unknown, status = 200) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
