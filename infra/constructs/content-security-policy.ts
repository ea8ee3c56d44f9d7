/**
 * Where Stripe.js and its Payment Element load from, per directive (docs/architecture.md, "Web stack", says where this
 * list comes from). Subdomains of js.stripe.com serve Stripe.js's own scripts and frames; hooks.stripe.com the frames
 * of 3-D Secure and redirect methods; api.stripe.com the calls the Payment Element makes; *.stripe.com the images it
 * shows. Google Maps, used only by the Address Element's autocomplete (not mounted here), is not allowed: its script
 * endpoint calls back whatever function the caller names.
 */
export const STRIPE_JS_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'img-src': ['https://*.stripe.com'],
} as const

const stripe = (directive: keyof typeof STRIPE_JS_SOURCES) => STRIPE_JS_SOURCES[directive].join(' ')

/**
 * The SPA's Content-Security-Policy: CloudFront sends it in AWS (infra/stacks/web-stack.ts), and the local gateway
 * sends the same one (infra/local/gateway.ts), so a page or a print view that needs an inline script or style
 * breaks under `npm start` and the e2e journeys exactly as it would in production. Only the Cognito origin differs.
 */
export function contentSecurityPolicy({ cognitoOrigin, photosOrigin }: { cognitoOrigin: string; photosOrigin?: string }): string {
  // Condition photos: the SPA POSTs them to the photos bucket (presigned) and shows them from it (short-lived URLs).
  const photos = photosOrigin ? ` ${photosOrigin}` : ''
  return [
    "default-src 'self'",
    `script-src 'self' ${stripe('script-src')}`,
    `connect-src 'self' ${cognitoOrigin} ${stripe('connect-src')}${photos}`,
    `frame-src ${stripe('frame-src')}`,
    `img-src 'self' data: ${stripe('img-src')}${photos}`,
    "style-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}
