import type { StaticContent } from '../pages/static-page';

export const content: StaticContent = {
  title: 'Community Rules',
  updated: 'Last updated: November 2025',
  intro:
    'The Vault works because every member was let in by someone who trusted them. These rules keep it a calm, ' +
    'respectful and useful place. Moderators and administrators apply them, and breaking them can cost you ' +
    'posts, points or your membership.',
  sections: [
    {
      heading: 'Be respectful',
      points: [
        'No harassment, threats, hate speech or personal attacks, including in private messages.',
        'Disagree with ideas, not people. Keep reviews honest and fair.',
        'Anonymous posting is for privacy, not for abuse: the same rules apply.',
      ],
    },
    {
      heading: 'Keep it private and safe',
      points: [
        'Never share another member’s name, address, phone number, photos or messages outside The Vault.',
        'Do not post your own address or phone number in the feed; the team sees what it needs for your orders.',
        'Do not share your account, and do not post your referral code publicly.',
      ],
    },
    {
      heading: 'Stay on topic and within the law',
      points: [
        'The Vault is an educational community for adults 21 and over. Keep posts relevant and never involve anyone under 21.',
        'The menu sells stickers. Free gifts are illustrative only and not for sale: do not offer, ask for or arrange sales of anything in the feed or in messages.',
        'Follow the laws that apply where you live. Do not encourage anyone to break them.',
      ],
    },
    {
      heading: 'Play fair',
      points: [
        'No spam, fake accounts or fake referrals to farm Exotic Coins or XP.',
        'Rate only what you have actually tried.',
        'Treat drivers and the team with courtesy; be where you said you would be.',
      ],
    },
    {
      heading: 'Reporting and enforcement',
      paragraphs: [
        'If something breaks these rules, report it or message the Admin Team. Depending on how serious it is, we ' +
          'may remove content, take away points, restrict features, or ban the account. Bans end all sessions at ' +
          'once and a banned account cannot sign in.',
      ],
    },
  ],
};
