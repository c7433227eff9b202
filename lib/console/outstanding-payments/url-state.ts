// The outstanding payments page's URL. The list's URL state is its declaration (./list.ts).

export const OUTSTANDING_PAYMENTS_PATH = "/outstanding-payments";
