import type { StaticContent } from '../pages/static-page';

export const content: StaticContent = {
  title: 'Terms of Service',
  updated: 'Last updated: November 2025',
  intro:
    'The Vault is a private, invite-only community for adults aged 21 and over. It exists to share knowledge, ' +
    'reviews and conversation, and it presents itself as educational. By creating an account or signing in you ' +
    'agree to these terms. If you do not agree, please do not use The Vault.',
  sections: [
    {
      heading: 'Who may join',
      points: [
        'You must be at least 21 years old. We ask you to confirm your age when you enter the site and again when you request access.',
        'Membership is by invitation and approval. We may decline or end a membership at our discretion.',
        'One account per person. Your account is personal: do not share your password or let others use it.',
        'The details you give us (name, email, phone, Telegram username and address) must be your own and accurate.',
      ],
    },
    {
      heading: 'What The Vault offers',
      paragraphs: [
        'The products offered in the menu are stickers. Any free gift shown alongside a sticker is illustrative ' +
          'only: it is not for sale, it has no price, and nothing on The Vault is an offer to sell anything other ' +
          'than stickers.',
        'Posts, reviews, missions and rewards are there for members to learn from each other. Nothing on The ' +
          'Vault is medical, legal or professional advice.',
      ],
    },
    {
      heading: 'Exotic Coins, XP and rewards',
      points: [
        'Exotic Coins and XP are community points. They have no cash value, cannot be bought, sold or transferred, and are not money.',
        'We may change how points are earned, what rewards cost, or which rewards are offered.',
        'Points earned by breaking these terms or by abusing the system (for example with fake referrals) may be removed.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You are responsible for what you post, including posts and comments made anonymously. You keep the ' +
          'rights to your content and give The Vault permission to show it to members. Moderators and ' +
          'administrators may remove content or restrict accounts that break the Community Rules.',
      ],
    },
    {
      heading: 'Orders and delivery',
      paragraphs: [
        'Placing an order is a request that a member of our team confirms with you. Orders may be declined or ' +
          'cancelled. Please be available at the address or pickup location you choose, and follow the ' +
          'instructions you are given when you submit your order.',
      ],
    },
    {
      heading: 'Ending your membership',
      paragraphs: [
        'You may stop using The Vault and ask for your account to be deleted at any time. We may suspend or ban ' +
          'an account that breaks these terms or the Community Rules; a banned account cannot sign in.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We may update these terms. When we make an important change we will tell members in the app. For ' +
          'questions, message the Admin Team from your Inbox.',
      ],
    },
  ],
};
