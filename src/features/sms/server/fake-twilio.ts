import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Twilio's REST API in tests (never the real service): a local HTTP server that records every
 * request and answers as Twilio does, 201 `{ sid }` by default, or whatever `respond` returns for a message.
 */
export interface FakeTwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeTwilio {
  baseUrl: string;
  requests: FakeTwilioRequest[];
  respond: (request: FakeTwilioRequest) => { status: number; body: unknown };
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  let sid = 0;
  const fake: FakeTwilio = {
    baseUrl: '',
    requests: [],
    respond: () => {
      sid += 1;
      return { status: 201, body: { sid: `SM${String(sid).padStart(32, '0')}`, status: 'queued' } };
    },
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      const recorded: FakeTwilioRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(text)),
      };
      fake.requests.push(recorded);
      const { status, body } = fake.respond(recorded);
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
