// The shop's identity, shown in the header, footer and page titles. Change it here only.
export const BRAND_NAME = 'Gunsmith Portal';
export const BRAND_TAGLINE = 'Expert gunsmithing, tracked from the day it ships to the day it comes home.';

// The phone line customers call to get a quote, shipping instructions and login credentials.
// Placeholder until the shop supplies its real number.
export const ACCESS_PHONE_DISPLAY = '(555) 010-0199';
export const ACCESS_PHONE_TEL = '+15550100199';
