import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '~/shared/time';
import { signedInMember } from '~/app/server/testing/members';
import { createApp, createServices } from '~/app/server/app';
import { openDatabase, type Database } from './db/client';
import { EventHub, publish } from './events';
import { createLogger } from './logger';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

// Two app instances on one PostgreSQL database, as behind a load balancer.
let first: TestContext;
let secondDatabase: Database;
let secondHub: EventHub;
let secondServer: Server;
let secondUrl: string;

beforeAll(async () => {
  first = await createTestContext();
  secondDatabase = await openDatabase({ kind: 'postgres', url: first.databaseUrl!, poolMax: 2 });
  secondHub = new EventHub(secondDatabase);
  await secondHub.start();
  const app = createApp(
    createServices({
      config: first.config,
      database: secondDatabase,
      hub: secondHub,
      logger: createLogger(first.config),
      clock: systemClock,
    }),
  );
  secondServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => secondServer.once('listening', resolve));
  secondUrl = `http://127.0.0.1:${(secondServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await secondHub.stop();
  await new Promise((resolve) => secondServer.close(resolve));
  await secondDatabase.close();
  await first.close();
});

it('an event committed on one instance reaches a browser connected to another', async () => {
  const { cookie } = await signedInMember(first);
  const response = await fetch(`${secondUrl}/api/events`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  await stream.next((m) => m.event === 'ready');

  await first.database.db.transaction((tx) =>
    publish(tx, 'feed.post', { postId: 'p-42' }, [{ kind: 'everyone' }]),
  );

  const message = await stream.next((m) => m.event === 'change');
  expect(JSON.parse(message.data)).toEqual({ topic: 'feed.post', ids: { postId: 'p-42' } });
  await stream.close();
});
