import type { StaticContent } from '../pages/static-page';

export const content: StaticContent = {
  title: 'Disclaimer',
  updated: 'Last updated: November 2025',
  intro: 'Please read this before using The Vault. It explains what the site is, and what it is not.',
  sections: [
    {
      heading: 'Adults only',
      paragraphs: [
        'The Vault is intended only for adults aged 21 and over. If you are under 21, you must leave the site. ' +
          'Members are asked to confirm their age when they enter and when they request access.',
      ],
    },
    {
      heading: 'Educational purpose',
      paragraphs: [
        'Everything on The Vault, including posts, reviews, ratings and guides, is shared for educational and ' +
          'informational purposes by members of the community. It reflects their personal opinions and ' +
          'experiences. It is not medical, legal or professional advice, and we do not check it for accuracy.',
      ],
    },
    {
      heading: 'Stickers and free gifts',
      paragraphs: [
        'The items listed in the menu are stickers, and their prices are the prices of stickers. Any free gift ' +
          'pictured or described with a sticker is illustrative only. It is not for sale, has no price, and ' +
          'nothing on The Vault is an offer to sell it.',
      ],
    },
    {
      heading: 'Your responsibility',
      points: [
        'Know and follow the laws that apply where you live.',
        'Decide for yourself; do not rely on the community’s opinions for decisions about your health.',
        'Never drive or operate machinery if anything has impaired you.',
      ],
    },
    {
      heading: 'No guarantees',
      paragraphs: [
        'The Vault is provided as it is. We work to keep it available and accurate, but we cannot promise that it ' +
          'will always be online or free of mistakes, and we are not responsible for what members post.',
      ],
    },
  ],
};
