export const SMOKE_PREFERENCES = ['Not Set', 'Indica', 'Sativa', 'Hybrid', 'No Preference'] as const;

/** The public profile shows at most this many referrals, then '...and N more.' */
export const PUBLIC_REFERRALS_SHOWN = 5;
