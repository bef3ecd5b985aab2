import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tables } from './schema';

/**
 * Every table's lifecycle, declared once (ARCHITECTURE.md, "Personal data has a lifecycle"): whether the owner's
 * JSON export carries it, and for a table with member data, whether Download My Data carries it and what Delete
 * My Account does with it (docs/decisions/025). What the code already says is not repeated here: a table the
 * export's sections read (src/server/export/database-export.ts) or an archive section reads
 * (src/features/profiles/server/member-archive-sections.ts) needs no word; one they leave out says why.
 * src/features/profiles/server/table-lifecycle.test.ts holds the map, the schema and that code to each other.
 */

/** Every table's SQL name, from the schema. */
export type TableName = {
  [K in keyof Tables]: Tables[K] extends PgTable ? Tables[K]['_']['name'] : never;
}[keyof Tables];

export interface MemberData {
  /** Why Download My Data leaves the table out; absent when an archive section reads it. */
  notArchived?: string;
  /** What Delete My Account does with the member's rows, and how. */
  deletion: 'kept' | 'erased' | 'anonymised';
  how: string;
}

export interface TableLifecycle {
  /** Why the owner's JSON export leaves the table out; absent when the export carries it. */
  neverExported?: string;
  member: 'no member data' | MemberData;
}

const STAFF_RECORD = 'which staff member saved it: a staff record, not the member’s own data';
const KEPT_STAFF_ID = 'the id stays and now names Former member';

export const TABLE_LIFECYCLE: Record<TableName, TableLifecycle> = {
  app_meta: {
    neverExported: 'generated secrets’ hashes and installation markers',
    member: 'no member data',
  },
  user: {
    member: {
      deletion: 'anonymised',
      how: 'the row stays as Former member: personal fields cleared, an unreachable e-mail, banned, deleted_at set',
    },
  },
  session: {
    neverExported: 'session tokens sign in',
    member: { deletion: 'erased', how: 'signed out everywhere at once' },
  },
  account: {
    neverExported: 'password hashes',
    member: {
      notArchived: 'the password hash and sign-in provider ids: nothing to read, and a secret',
      deletion: 'erased',
      how: 'no password to sign in with again',
    },
  },
  join_request: {
    neverExported: 'a decline reason is written to one member; the member’s status is on user',
    member: {
      deletion: 'erased',
      how: 'deleted by Delete My Account (the decision’s audit row keeps ids only)',
    },
  },
  verification: {
    neverExported: 'open e-mail links’ tokens',
    member: {
      notArchived: 'e-mail link tokens that expire within hours: a secret',
      deletion: 'erased',
      how: 'open links (by e-mail address or member id), so a reset link cannot give the account a password',
    },
  },
  two_factor: {
    neverExported: 'the encrypted authenticator secret and backup codes',
    member: {
      notArchived:
        'the authenticator secret and backup codes: handing them out would weaken the second factor',
      deletion: 'erased',
      how: 'with the password',
    },
  },
  audit_log: {
    member: {
      notArchived:
        'the staff record of what happened, ids only (decision 019); the member’s rows are in its sections',
      deletion: 'kept',
      how: 'append-only (decision 019): ids only, the member’s id now names Former member',
    },
  },
  rate_limit_counter: {
    neverExported: 'counters of the last minutes’ attempts, rebuilt by traffic',
    member: {
      notArchived: 'a count of attempts within a window of at most an hour',
      deletion: 'kept',
      how: 'a key naming the e-mail or member id lasts until its window is reused; it holds nothing else',
    },
  },
  sign_in_backoff: {
    neverExported: 'the owner sign-in’s wrong-password back-off, by client address',
    member: 'no member data',
  },
  ledger_entry: {
    member: {
      deletion: 'kept',
      how: 'the history stays, closed by an account-deleted entry that forfeits the balance',
    },
  },
  economy_setting: {
    member: { notArchived: STAFF_RECORD, deletion: 'kept', how: KEPT_STAFF_ID },
  },
  member_cooldown: {
    neverExported: 'when a rewarded action was last done: state that only gates the next award',
    member: {
      notArchived: 'the awards it gates are in the ledger section',
      deletion: 'erased',
      how: 'with the account',
    },
  },
  award_cause: {
    neverExported: 'keys of awards already paid; the ledger holds the awards',
    member: {
      notArchived: 'the keys behind awards the ledger section lists',
      deletion: 'kept',
      how: 'so a cause is never paid twice, to the member or to their referrer',
    },
  },
  weekly_coins: {
    member: {
      notArchived: 'weekly totals of the ledger section’s entries',
      deletion: 'kept',
      how: 'banned members, as Former members are, leave every leaderboard',
    },
  },
  notification: {
    member: {
      deletion: 'erased',
      how: 'the member’s own; their name in others’ notifications becomes Former member',
    },
  },
  push_subscription: {
    neverExported: 'a browser’s push address and keys',
    member: {
      notArchived: 'a device’s push address and keys: a credential, not content',
      deletion: 'erased',
      how: 'no more pushes to the member’s devices',
    },
  },
  push_message: {
    neverExported: 'pushes in flight, deleted once sent',
    member: {
      notArchived: 'copies of notifications in flight for seconds; the notifications section has them',
      deletion: 'erased',
      how: 'pushes not yet sent are dropped',
    },
  },
  push_vapid_keys: {
    neverExported: 'the push key pair’s private key',
    member: 'no member data',
  },
  sticker: { member: 'no member data' },
  sticker_rating: {
    member: { deletion: 'kept', how: 'ratings stay in the stickers’ averages, without a name' },
  },
  pickup_location: { member: 'no member data' },
  delivery_area: { member: 'no member data' },
  delivery_area_zip: { member: 'no member data' },
  delivery_hours: { member: 'no member data' },
  store_credit_entry: {
    member: {
      deletion: 'kept',
      how: 'amounts and the orders or rewards they were for, no contact details; an account is deleted only at $0 of credit',
    },
  },
  promo_code: { member: 'no member data' },
  promo_use: {
    member: {
      notArchived: 'the orders section shows each order’s promo code and discount',
      deletion: 'kept',
      how: 'order ids and amounts, no contact details: a code’s use counts and once-per-member rule stay right',
    },
  },
  level_perk: { member: 'no member data' },
  shop_settings: {
    member: { notArchived: STAFF_RECORD, deletion: 'kept', how: KEPT_STAFF_ID },
  },
  reward: { member: 'no member data' },
  reward_redemption: {
    member: {
      deletion: 'kept',
      how: 'a used or refused reward stays with its order; unused ones are forfeited (deleted)',
    },
  },
  shop_order: {
    member: {
      deletion: 'anonymised',
      how: 'orders stay for the shop’s records with the contact details cleared; a driver’s runs keep their id',
    },
  },
  order_item: {
    member: { deletion: 'kept', how: 'lines of the kept orders: what was bought, no contact details' },
  },
  conversation: {
    member: { deletion: 'kept', how: 'the other member keeps the thread, with Former member' },
  },
  conversation_participant: {
    member: {
      notArchived: 'how far the member read and what they hid: app state over the conversations section',
      deletion: 'kept',
      how: 'with the conversation',
    },
  },
  conversation_message: {
    member: { deletion: 'kept', how: 'the other member keeps the messages, from Former member' },
  },
  feed_post: {
    member: { deletion: 'kept', how: 'posts stay, by Former member; their files stay with them' },
  },
  feed_like: { member: { deletion: 'kept', how: 'likes stay counted' } },
  feed_comment: { member: { deletion: 'kept', how: 'comments stay, by Former member' } },
  feed_media_upload: {
    neverExported: 'uploads no post claimed yet, swept with their files after a day',
    member: {
      notArchived: 'a photo or video not in a post yet, gone within a day',
      deletion: 'erased',
      how: 'with its file, after the commit',
    },
  },
  feed_report: {
    member: {
      deletion: 'kept',
      how: 'the moderation record stays; the reporter’s id now names Former member',
    },
  },
  sms_send: {
    member: {
      notArchived: 'which staff member sent a Mass SMS: a staff record',
      deletion: 'kept',
      how: KEPT_STAFF_ID,
    },
  },
  sms_recipient: {
    member: {
      notArchived: 'copies of staff’s Mass SMS texts; the name and phone are in the profile section',
      deletion: 'anonymised',
      how: 'name becomes Former member, phone cleared; messages not yet sent fail',
    },
  },
  sms_settings: {
    member: { notArchived: STAFF_RECORD, deletion: 'kept', how: KEPT_STAFF_ID },
  },
  data_export: {
    neverExported: 'archives in flight and their storage keys, kept 24 hours',
    member: {
      notArchived: 'the archive itself',
      deletion: 'erased',
      how: 'with its file, after the commit',
    },
  },
  erased_identity: {
    neverExported: 'keyed hashes whose only use is refusing a re-registration’s referral award',
    member: {
      notArchived: 'written when the account is deleted',
      deletion: 'kept',
      how: 'written by the deletion: keyed hashes of the former e-mail and phone, nothing else',
    },
  },
};
