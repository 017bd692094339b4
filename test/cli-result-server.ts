import http from "node:http";
import type { AddressInfo } from "node:net";

type Handler = (req: Request, ctx?: { params: Promise<{ id: string }> }) => Promise<Response>;

/**
 * The upload route and one CLI result route (`/api/runs/:id/<sub>`) behind a loopback HTTP server,
 * as `next start` would serve them: what `culprit verify|fix --app URL` posts to in the db tests.
 */
export async function startCliResultServer(
  sub: string,
  postResult: Handler,
  postRun: (req: Request) => Promise<Response>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const route = new RegExp(`^/api/runs/([^/]+)/${sub}$`);
  const app = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = `http://localhost${req.url}`;
    const request = new Request(url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const m = route.exec(new URL(url).pathname);
    const response = m ? await postResult(request, { params: Promise.resolve({ id: m[1] }) }) : await postRun(request);
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
    close: async () => {
      app.closeAllConnections();
      await new Promise((r) => app.close(r));
    },
  };
}

/** Calls a CLI result route directly with a JSON body. */
export function postCliResult(
  postResult: Handler,
  sub: string,
  runId: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postResult(
    new Request(`http://localhost/api/runs/${runId}/${sub}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: runId }) },
  );
}
