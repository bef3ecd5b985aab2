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

/** New message: members found by name, at most this many at a time. */
export const RECIPIENTS_SHOWN = 20;
