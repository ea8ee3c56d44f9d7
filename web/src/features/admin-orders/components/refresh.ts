/** How often an open order editor re-reads the order, its history and its notifications. */
export const STATUS_REFRESH_MS = 30_000;
