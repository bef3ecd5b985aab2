/** Who a Mass SMS goes to: every member, or the holders of one role. */
export const SMS_SEGMENTS = ['all', 'Member', 'Moderator', 'Admin', 'Driver'] as const;
export type SmsSegment = (typeof SMS_SEGMENTS)[number];
export const SMS_SEGMENT_LABELS: Record<SmsSegment, string> = {
  all: 'All members',
  Member: 'Members',
  Moderator: 'Moderators',
  Admin: 'Admins',
  Driver: 'Drivers',
};

/** The spec's limit: one SMS segment of plain text. */
export const SMS_MAX_LENGTH = 160;
export const MESSAGE_REQUIRED_TITLE = 'Message required';
export const MESSAGE_REQUIRED = 'Please enter a message to send.';
