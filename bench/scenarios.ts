import { insertMember } from '~/app/server/seed/seed';
import type { AppServices } from '~/server/app-env';
import { insertSticker, seedShop } from '~/features/shop/server/shop.seed';
import type { PlaceOrderInput } from '~/features/shop/orders.schema';
import type { SendMessageInput } from '~/features/inbox/inbox.schema';
import type { RedeemInput } from '~/features/economy/rewards.schema';
import { BENCH_CONVERSATION_ID, benchInbox, measureMessageLatency, type LatencyReport } from './inbox-bench';
import { BENCH_AUDIT_DRIVER, BENCH_AUDIT_ORDER, benchAuditLog } from './audit-bench';
import { BENCH_FEED_POSTS, BENCH_SCALE, benchFeed, benchFeedAtScale } from './feed-bench';
import { recordFigure } from './goals';
import type { LoadRequest } from './load';
import { BENCH_LEADERBOARD_MEMBERS, benchLeaderboard } from './leaderboard-bench';
import { BENCH_INSIGHTS_ORDERS, BENCH_INSIGHTS_PATH, benchInsights } from './insights-bench';
import { signInForBench } from './servers';

/**
 * What `npm run bench` measures against the running app. A feature that adds a route worth watching adds a
 * scenario here; `setup` prepares what the route needs (rows, a signed-in member) once before the load.
 */
export const scenarios: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  {
    name: 'GET /api/accounts/session (the session alone: what every signed-in request pays)',
    path: '/api/accounts/session',
    setup: signedInShopper,
  },
  {
    key: 'menu',
    name: 'GET /api/shop/menu (3 stickers with ratings)',
    path: '/api/shop/menu',
    setup: signedInShopper,
  },
  {
    key: 'order',
    name: 'POST /api/orders (a new delivery order each time)',
    method: 'POST',
    path: '/api/orders',
    body: {
      idempotencyKey: 'bench-[<id>]',
      deliveryMethod: 'Delivery',
      paymentMethod: 'Cash',
      phone: '(202) 555-0100',
      address: '1 Bench Street NW, Washington, DC 20001',
      items: [{ stickerId: 'bench-sticker', size: '3.5g', quantity: 2 }],
      expectedTotalCents: 2 * 4500 + 2000,
    } satisfies PlaceOrderInput,
    setup: signedInShopper,
  },
  {
    name: 'POST /api/rewards/.../redeem (redeem a Pre-Roll: debit, redemption, audit, milestone check)',
    method: 'POST',
    path: '/api/rewards/reward-pre-roll/redeem',
    body: { expectedCost: 63, idempotencyKey: 'bench-redeem-[<id>]' } satisfies RedeemInput,
    setup: signedInRedeemer,
  },
  {
    key: 'inbox',
    name: 'GET /api/inbox/conversations (an inbox of 20 conversations)',
    path: '/api/inbox/conversations',
    setup: (context) => benchInbox(context).then(({ sender }) => sender),
  },
  {
    name: 'POST /api/inbox/.../messages (send a message)',
    method: 'POST',
    path: `/api/inbox/conversations/${BENCH_CONVERSATION_ID}/messages`,
    body: { content: 'A message from the benchmark.' } satisfies SendMessageInput,
    setup: async (context) => {
      const { sender, recipient } = await benchInbox(context);
      // Send-to-event latency does not fit a load run of one repeated request: measured on its own, printed here.
      const latency = await measureMessageLatency({
        url: context.url,
        conversationId: BENCH_CONVERSATION_ID,
        senderCookie: sender.headers.Cookie,
        recipientCookie: recipient.headers.Cookie,
        samples: 300,
      });
      recordFigure('messageEventP99Ms', latency.p99Ms);
      printLatency('one instance', latency);
      // The same, the recipient's stream on a second instance: the event crosses through PostgreSQL's NOTIFY.
      const crossing = await context.withSecondInstance?.((streamUrl) =>
        measureMessageLatency({
          url: context.url,
          streamUrl,
          conversationId: BENCH_CONVERSATION_ID,
          senderCookie: sender.headers.Cookie,
          recipientCookie: recipient.headers.Cookie,
          samples: 300,
        }),
      );
      if (crossing) {
        recordFigure('messageEventTwoInstancesP99Ms', crossing.p99Ms);
        printLatency('two instances', crossing);
      }
      return sender;
    },
  },
  {
    key: 'feed',
    name: `GET /api/feed (a page of 20 of ${BENCH_FEED_POSTS} posts with author, like count, comment count)`,
    path: '/api/feed',
    setup: benchFeed,
  },
  ...(BENCH_SCALE > BENCH_FEED_POSTS
    ? [
        {
          key: 'feed-at-scale',
          name: `GET /api/feed (the same page at ${BENCH_SCALE} posts)`,
          path: '/api/feed',
          setup: benchFeedAtScale,
        },
      ]
    : []),
  { name: 'GET /api/feed?q=music (search, a page of 20)', path: '/api/feed?q=music', setup: benchFeed },
  {
    // One post in 100,000 matches: the trigram index must find them without walking the feed.
    name: 'GET /api/feed?q=zanzibar (search for a rare term)',
    path: '/api/feed?q=zanzibar',
    setup: BENCH_SCALE > BENCH_FEED_POSTS ? benchFeedAtScale : benchFeed,
  },
  {
    name: `GET /api/economy/leaderboard (a page of 20 of ${BENCH_LEADERBOARD_MEMBERS} ranked members, with ranks and the viewer's row)`,
    path: '/api/economy/leaderboard',
    setup: benchLeaderboard,
  },
  {
    name: `GET /api/economy/leaderboard?board=week (This Week: a page of 20 of ${BENCH_LEADERBOARD_MEMBERS} members' weekly totals)`,
    path: '/api/economy/leaderboard?board=week',
    setup: benchLeaderboard,
  },
  {
    name: 'GET /api/admin/audit-log?driverId=... (the audit log filtered by one driver of 20, a page of 50)',
    path: `/api/admin/audit-log?driverId=${BENCH_AUDIT_DRIVER}`,
    setup: benchAuditLog,
  },
  {
    name: 'GET /api/admin/audit-log?orderId=...&eventType=... (one order, one event type)',
    path: `/api/admin/audit-log?orderId=${BENCH_AUDIT_ORDER}&eventType=ORDER_CLAIMED`,
    setup: benchAuditLog,
  },
  {
    name: 'GET /api/admin/audit-log/options (event types, drivers and actors in the log)',
    path: '/api/admin/audit-log/options',
    setup: benchAuditLog,
  },
  {
    key: 'insights',
    name: `GET /api/admin/insights (the Overview's 30 days, every section, of ${BENCH_INSIGHTS_ORDERS} orders)`,
    path: BENCH_INSIGHTS_PATH,
    setup: benchInsights,
  },
];

function printLatency(where: string, latency: LatencyReport): void {
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `realtime (${where}): message send -> the other member's event, ${latency.samples} sequential sends: ` +
      `p50 ${ms(latency.p50Ms)} ms, p99 ${ms(latency.p99Ms)} ms, max ${ms(latency.maxMs)} ms`,
  );
}

/** The demo shop plus a sticker with a known id, and a member signed in through the real sign-in route. */
let shopper: Promise<ScenarioExtras> | undefined;
function signedInShopper(context: ScenarioContext): Promise<ScenarioExtras> {
  shopper ??= (async () => {
    const { db } = context.deps.database;
    const password = 'bench-password-1';
    await db.transaction(async (tx) => {
      await seedShop(tx, new Date());
      await insertMember(
        tx,
        { name: 'Bench Shopper', email: 'shopper@bench.example', roles: ['Member'] },
        password,
        new Date(),
      );
    });
    await insertSticker(db, {
      id: 'bench-sticker',
      name: 'Bench Sticker',
      type: 'Hybrid',
      description: 'Ordered by the benchmark.',
      price35gCents: 4500,
    });
    return signInForBench(context.url, 'shopper@bench.example', password);
  })();
  return shopper;
}

/** A member with coins for every redeem of the run (the reward catalogue comes with the migrations). */
let redeemer: Promise<ScenarioExtras> | undefined;
function signedInRedeemer(context: ScenarioContext): Promise<ScenarioExtras> {
  redeemer ??= (async () => {
    const password = 'bench-password-1';
    await context.deps.database.db.transaction((tx) =>
      insertMember(
        tx,
        {
          name: 'Bench Redeemer',
          email: 'redeemer@bench.example',
          roles: ['Member'],
          exoticCoins: 1_000_000_000,
        },
        password,
        new Date(),
      ),
    );
    return signInForBench(context.url, 'redeemer@bench.example', password);
  })();
  return redeemer;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ScenarioContext {
  /** The app's root URL on 127.0.0.1; also its BASE_URL, the Origin its same-origin checks accept. */
  url: string;
  /** The app's own database, hub, config and clock, for setup that goes around HTTP. */
  deps: AppServices;
  /**
   * On PostgreSQL, starts a second instance of the app on the same database (its own pool, hub and LISTEN
   * connection, the same AUTH_SECRET) and runs `work` with its URL; undefined on PGlite, which one process owns.
   */
  withSecondInstance?: <T>(work: (url: string) => Promise<T>) => Promise<T>;
}

/** Added to every request of a scenario, e.g. the session cookie of a member `setup` signed in. */
export interface ScenarioExtras {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

export interface Scenario {
  /** For a scenario a goal reads (bench/goals.ts). */
  key?: string;
  name: string;
  /** GET when omitted. */
  method?: HttpMethod;
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON with our own Origin, as the app's pages send it. */
  body?: unknown;
  setup?: (context: ScenarioContext) => Promise<ScenarioExtras>;
}

/** Runs the scenario's setup and returns the one request the load generator repeats. */
export async function prepareRequest(scenario: Scenario, context: ScenarioContext): Promise<LoadRequest> {
  const extras = (await scenario.setup?.(context)) ?? {};
  const method = scenario.method ?? 'GET';
  const headers: Record<string, string> = {
    ...(method === 'GET' ? {} : { Origin: context.url }),
    ...(scenario.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...scenario.headers,
    ...extras.headers,
  };
  const cookie = Object.entries(extras.cookies ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  if (cookie) headers.Cookie = cookie;
  return {
    url: `${context.url}${scenario.path}`,
    method,
    headers,
    ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
  };
}
