/** The admin order lists' and the order editor's load error (admin-side spec). */
export const LOAD_FAILED = 'Failed to load data. Please try again.';
