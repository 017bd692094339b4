/**
 * Misbehaving replay endpoints on loopback, for failure-mode tests: a handler per request, a port
 * that nobody listens on, and a counter of requests received.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TestEndpoint {
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}

export async function startTestEndpoint(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void,
): Promise<TestEndpoint> {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => handler(req, res, ++count));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/replay`,
    requests: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on a port that was just free: connecting to it is refused. */
export async function deadEndpointUrl(): Promise<string> {
  const e = await startTestEndpoint(() => {});
  await e.close();
  return e.url;
}

export const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
};
