/**
 * The SPA's Content-Security-Policy: CloudFront sends it in AWS (infra/stacks/web-stack.ts), and the local gateway
 * sends the same one (infra/local/gateway.ts), so a page or a print view that needs an inline script or style
 * breaks under `npm start` and the e2e journeys exactly as it would in production. Only the Cognito origin differs.
 */
export function contentSecurityPolicy({ cognitoOrigin }: { cognitoOrigin: string }): string {
  return [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    `connect-src 'self' ${cognitoOrigin} https://api.stripe.com`,
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "img-src 'self' data: https://*.stripe.com",
    "style-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}
