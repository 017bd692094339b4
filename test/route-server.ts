import http from "node:http";
import type { AddressInfo } from "node:net";
import { stampClientAddress } from "@/lib/server/auth/client-address.mjs";

type Handler = (req: Request, ctx?: { params: Promise<any> }) => Promise<Response>;
type Route = { prefix: string; handler: Handler; params?: (path: string) => Record<string, string | string[]> };

/**
 * Real HTTP on loopback in front of the real route handlers, for the liveness tests: like the
 * front server (scripts/serve.mjs) it stamps the client address from the socket (with no trusted
 * proxies), then hands a web Request to the first route whose prefix matches the path.
 */
export async function startRouteServer(routes: Route[]): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      stampClientAddress(req, new Set());
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      const path = new URL(request.url).pathname;
      const route = routes.find((r) => path.startsWith(r.prefix));
      if (!route) {
        res.writeHead(404).end();
        return;
      }
      const response = await route.handler(request, { params: Promise.resolve(route.params?.(path) ?? {}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      res.writeHead(599).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
