import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';

/** The longest message, in characters (the database checks it too). */
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`;
export const MESSAGE_EMPTY = 'Type a message to send.';

/** How Admin and Owner counterparts appear to everyone below Admin (spec section 6). */
export const ADMIN_TEAM_NAME = 'Admin Team';
/** A counterpart who has left The Vault, and one without a name (spec section 8). */
export const UNKNOWN_NAME = 'Unknown';
export const UNNAMED = 'User';

export const CONVERSATIONS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 50;

/** The spec's dialog and toast texts (sections 8 and 13 of ARCHITECTURE's departures). */
export const DELETE_CONVERSATION_TITLE = 'Delete Conversation? This action cannot be undone.';
export const CONVERSATION_DELETED = 'Conversation Deleted';
export const EMPTY_INBOX_TITLE = 'Your Messages';
export const EMPTY_INBOX_TEXT = 'Select a conversation to start chatting.';
export const NO_CONVERSATIONS_FOUND = 'No conversations found.';

export const startConversationSchema = z.strictObject({
  recipientId: z.string('Choose a member to message.').min(1, 'Choose a member to message.').max(64),
});
export type StartConversationInput = z.input<typeof startConversationSchema>;

export const sendMessageSchema = z.strictObject({
  content: z.string(MESSAGE_EMPTY).trim().min(1, MESSAGE_EMPTY).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const markReadSchema = z.strictObject({
  /** True while the thread is on screen (no notifications then); false when the member leaves it. */
  viewing: z.boolean().default(true),
});
export type MarkReadInput = z.input<typeof markReadSchema>;

/** New message: members found by name, at most this many at a time. */
export const RECIPIENTS_SHOWN = 20;
export const recipientSearchSchema = z.object({
  q: z.string().trim().max(100, 'Keep the search under 100 characters.').default(''),
});

export const conversationIdSchema = z.object({ conversationId: z.string().min(1).max(64) });

export const conversationListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Keep the search under 100 characters.').default(''),
});

/** The newest page of the thread without a cursor; the page's cursor gives the next older one. */
export const messagesQuerySchema = pageQuerySchema;

/**
 * The other party as this viewer may see them. `team` is an Admin or Owner shown to a non-admin: no id, no
 * avatar, no name of theirs ever leaves the server. `unknown` has left The Vault.
 */
export interface Counterpart {
  id: string | null;
  name: string;
  avatarUrl: string | null;
  kind: 'member' | 'team' | 'unknown';
}

export interface MessageView {
  id: string;
  seq: number;
  content: string;
  /** Sent by the viewer. Senders are never named by id: the thread has two parties. */
  mine: boolean;
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  counterpart: Counterpart;
  /** The newest message the viewer can see, or null. */
  lastMessage: Pick<MessageView, 'content' | 'mine' | 'createdAt'> | null;
  unreadCount: number;
  /** When the last message was sent, or when the conversation began. */
  updatedAt: string;
}

/** The member's conversations, most recently active first, page by page. */
export type ConversationListResponse = Page<ConversationSummary>;

/** Members the viewer may start a conversation with (never a masked staff member: they are refused). */
export interface RecipientsResponse {
  items: Counterpart[];
}

export interface ConversationResponse {
  conversation: ConversationSummary;
}

/**
 * A page of the thread, its messages oldest first. Pages go from the newest back: `nextCursor` gives the page
 * before this one, null at the start of what the viewer can see.
 */
export type MessagesResponse = Page<MessageView>;

export interface SendMessageResponse {
  message: MessageView;
}

export interface UnreadCountResponse {
  unreadCount: number;
}
