/** The line-up's query key: every page of the channel line-up reads and refreshes it. */
export const LINEUP_KEY = ['console', 'lineup'] as const;
