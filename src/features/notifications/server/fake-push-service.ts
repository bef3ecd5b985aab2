import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for a browser's push service in tests (never a real one): an HTTPS server on 127.0.0.1 with a
 * certificate made by `openssl` for this run, recording every request and answering 201, or whatever `respond`
 * returns. `device()` makes a subscription's keys the way a browser does, so a test can decrypt what arrived.
 */
export interface FakePushRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FakePushDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The payload of an aes128gcm message sent to this device (RFC 8291), as text. */
  decrypt(body: Buffer): string;
}

export interface FakePushService {
  /** The certificate to trust (the push sender's `ca`). */
  ca: string;
  origin: string;
  requests: FakePushRequest[];
  respond: (request: FakePushRequest) => number;
  device(name: string): FakePushDevice;
  close(): Promise<void>;
}

function certificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8291 / RFC 8188: the receiving side of Web Push message encryption. */
function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding after it.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = certificate();
  const fake: FakePushService = {
    ca: cert,
    origin: '',
    requests: [],
    respond: () => 201,
    device(name) {
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `${fake.origin}/push/${name}`,
        keys: { p256dh: receiver.getPublicKey('base64url'), auth: auth.toString('base64url') },
        decrypt: (body) => decryptAes128gcm(body, receiver, auth),
      };
    },
    close: async () => {},
  };
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded: FakePushRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      fake.requests.push(recorded);
      response.writeHead(fake.respond(recorded));
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
