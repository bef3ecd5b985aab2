import type { StaticContent } from '../pages/static-page';

export const content: StaticContent = {
  title: 'Privacy Policy',
  updated: 'Last updated: November 2025',
  intro:
    'The Vault collects only what it needs to run a private members’ community and to deliver orders. This page ' +
    'explains what we keep, who can see it, and the choices you have.',
  sections: [
    {
      heading: 'What we collect',
      points: [
        'Account details you give us: full name, email, Telegram username, phone number and full address.',
        'When you confirmed that you are 21 or older, and your consent choices (data and SMS).',
        'What you do in the community: posts, comments, likes, ratings, messages, orders, coins and XP.',
        'Your store credit: what rewards paid you as credit and what your orders spent of it, kept with your orders. While you have credit left, your account cannot be deleted: spend it first, or ask the shop.',
        'The promo codes your orders used and what they took off, kept with your orders so the shop can keep each code’s limits (once per member, first order only, total uses). Staff who manage rewards see how many times a code was used, not who used it, except on the order itself.',
        'Basic security records such as sign-in times and the network address a request came from, used to protect accounts and to limit abuse.',
      ],
    },
    {
      heading: 'Who can see your details',
      points: [
        'Your address and phone number are visible only to administrators, and to the driver delivering one of your orders, for that order only. They are never shown to other members.',
        'Other members see your name, avatar, level, coins, bio and public posts. Anonymous posts and comments hide your name from members; moderators can see who wrote them so they can keep the community safe.',
        'When you like a post, its author is told your name ("Alex and 3 others liked your post"), even when the post itself is anonymous. Who liked a post is not shown to anyone else.',
        'Private messages are visible only to you and the person you are talking to.',
        'The shop’s figures (sales, deliveries, the coin economy) are counted across all members and seen only by the Owner, Admins and Read-Only staff. The only names in them are the members who referred the most new members and the drivers whose claims ran out; never an address, phone number or e-mail.',
      ],
    },
    {
      heading: 'Asking to join',
      points: [
        'When the shop reviews new members, your request (when you asked, who referred you, and the decision) is seen only by the staff who decide requests: the Owner, Admins and Support. Your e-mail, phone and address are shown to them only if their role may see contact details.',
        'If your request is declined, you read the reason staff give, on the review page and by e-mail. The reason is kept with your request until you delete your account.',
        'If you do not ask again once the wait is over, your phone number, address and Telegram username are erased. Your e-mail stays so you can still sign in and ask again later.',
        'If the shop checks IDs, you give a photo of a government ID and your date of birth. Only the staff who decide requests can see them, and every time they look is recorded. Both are deleted as soon as your request is decided, when you delete your account, or after 60 days if nobody has decided; only the fact that your ID was checked, by whom and when, is kept. They are never part of your data download. Backups taken while your request waits hold them in encrypted form until the backups are deleted.',
      ],
    },
    {
      heading: 'Deliveries left at your door',
      points: [
        'When nobody answers, your driver may leave your order at the door with a photo of it and a short note. You see the photo on your order; so do the staff whose role may see contact details, and every time they look is recorded. Other drivers and other staff never see it, and neither does your driver once they have left.',
        'The photo is deleted after 30 days, or when you delete your account. When the order was left and the note stay with the order, and are part of your data download; the photo is not.',
      ],
    },
    {
      heading: 'Text messages (SMS)',
      paragraphs: [
        'We send text messages only if you ticked the SMS consent box. They are about your orders and member ' +
          'news. Message and data rates may apply. You can withdraw consent at any time by replying STOP or by ' +
          'asking the Admin Team.',
      ],
    },
    {
      heading: 'Your data, your choice',
      points: [
        'Download: you can ask for a copy of the personal data we hold about you, and download it from your profile when that feature is available.',
        'Delete: you can ask us to delete your account. We remove your personal details and anonymise your posts; records we must keep for security or legal reasons are kept only as long as necessary.',
        'Correct: you can update your profile, or ask the Admin Team to correct anything else.',
      ],
    },
    {
      heading: 'How we protect it',
      paragraphs: [
        'Passwords are stored only as secure hashes. Photos you upload are stripped of hidden location data. We ' +
          'do not sell your data, and we do not use outside advertising or tracking services.',
      ],
    },
    {
      heading: 'On this device',
      paragraphs: [
        'The app keeps a few things in your browser: your sign-in cookie, your cart, and whether you have ' +
          'confirmed your age for this visit and seen the Add to Home Screen tips. Your cart is cleared when you ' +
          'log out.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about your data? Message the Admin Team from your Inbox.'],
    },
  ],
};
