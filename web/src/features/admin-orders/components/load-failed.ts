/** The admin order lists' and the order editor's load error. */
export const LOAD_FAILED = 'Failed to load data. Please try again.';
