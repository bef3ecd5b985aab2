/** The bell: the newest few and how many are unread. */
export const NOTIFICATION_MENU_SIZE = 5;
