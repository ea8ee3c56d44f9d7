/**
 * The site publisher's environment (functions/site/publisher-handler.ts), named here rather than in
 * functions/lib/env.ts (which every function carries). The CDK wiring (infra/constructs/site-publisher.ts) sets them.
 */
export const SITE_ENV_NAMES = {
  /** The site bucket the SPA is deployed to: the pages go to its prerendered/ prefix. */
  bucket: 'SITE_BUCKET',
  /** The CloudFront distribution in front of it: the pages' paths are invalidated after a publish. */
  distributionId: 'SITE_DISTRIBUTION_ID',
  /** The build of the kit the function carries (site.json `build`): a deploy's request for another build is a rollback's. */
  build: 'SITE_BUILD',
  /** Where the site kit is (web/dist/.site-kit as the build writes it); default: site-kit/ beside the bundle. */
  kitDir: 'SITE_KIT_DIR',
} as const

/** The folder the Lambda asset carries the kit in, beside index.mjs (infra/constructs/site-publisher.ts copies it there). */
export const BUNDLED_KIT_DIR = 'site-kit'

export function siteKitDir(): string {
  const given = process.env[SITE_ENV_NAMES.kitDir]?.trim()
  if (given) return given
  const root = process.env.LAMBDA_TASK_ROOT
  if (!root) throw new Error(`${SITE_ENV_NAMES.kitDir} is not set (and this is not a Lambda task: no LAMBDA_TASK_ROOT)`)
  return `${root}/${BUNDLED_KIT_DIR}`
}
