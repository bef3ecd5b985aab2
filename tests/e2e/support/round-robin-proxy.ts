import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the proxy passed on: which upstream (its index) answered it. */
export interface ProxiedRequest {
  method: string;
  path: string;
  upstream: number;
}

/** What `GET /__proxy/log` answers: requests per upstream, and each request in order. */
export interface ProxyLog {
  perUpstream: number[];
  requests: ProxiedRequest[];
}

export const PROXY_LOG_PATH = '/__proxy/log';

// Hop-by-hop headers describe one connection, not the message: each side of the proxy sets its own.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * The smallest load balancer for the scale-out browser tests: each request goes to the next upstream in turn
 * (so consecutive requests of one page reach different instances, and nothing is sticky), keeps its Host header,
 * and its response is passed on chunk by chunk as it arrives, so event streams stay live. Counts what each
 * upstream served, for the tests to read at `GET /__proxy/log`.
 */
export async function startRoundRobinProxy(upstreams: string[], port = 0) {
  const log: ProxyLog = { perUpstream: upstreams.map(() => 0), requests: [] };
  let next = 0;
  const server = http.createServer((request, response) => {
    if (request.url === PROXY_LOG_PATH) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(log));
      return;
    }
    const upstream = next;
    next = (next + 1) % upstreams.length;
    log.perUpstream[upstream]! += 1;
    log.requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', upstream });
    const target = new URL(request.url ?? '/', upstreams[upstream]);
    const forwarded = http.request(target, { method: request.method, headers: endToEnd(request.headers) });
    forwarded.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      response.flushHeaders();
      answer.pipe(response);
    });
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    // A browser that goes away (a closed page, an event stream it reopens) closes its upstream request too.
    response.on('close', () => {
      if (!response.writableFinished) forwarded.destroy();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
