// What the portal says about itself whatever the shop's name. The shop's own identity (name, phone,
// email, address) comes from Settings → General: web/src/lib/shop.ts useShop(), defaults in shared/src/shop.ts.
export const BRAND_TAGLINE = 'Expert gunsmithing, tracked from the day it ships to the day it comes home.';
