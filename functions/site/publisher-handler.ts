/**
 * The site publisher function: renders the public pages again with the shop's identity and publishes them where the
 * site is served, on a write of the settings item (the table's stream) and at every deploy (a CloudFormation custom
 * resource, infra/constructs/site-publisher.ts) (docs/architecture.md, "Pre-rendered public pages").
 */
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda'
import { shopIdentity, type ShopIdentity } from '@gs/shared/shop'
import type { AttributeValue } from '@aws-sdk/client-dynamodb'
import { unmarshall } from '@aws-sdk/util-dynamodb'
import { createSettingsRepository } from '../db/repositories/settings.ts'
import { defaultTable } from '../db/table.ts'
import { errorFields, log } from '../lib/logger.ts'
import { publishSite, type Published, type SiteStore } from './publish.ts'
import { siteKitDir, SITE_ENV_NAMES } from './site-env.ts'
import { loadSiteKit, type SiteKit } from './site-kit.ts'

/** What CloudFormation sends a custom resource's function (the fields used here). */
export interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete'
  ResponseURL: string
  StackId: string
  RequestId: string
  LogicalResourceId: string
  PhysicalResourceId?: string
  ResourceProperties?: Record<string, unknown>
}

export type PublisherEvent = DynamoDBStreamEvent | CustomResourceEvent

/** One resource, whatever the build: an update never replaces it (a replacement would send a Delete for the old one). */
export const PHYSICAL_RESOURCE_ID = 'gunsmith-site-pages'

const isCustomResource = (event: PublisherEvent): event is CustomResourceEvent => typeof (event as CustomResourceEvent).RequestType === 'string'

/** The saved identity a stream record carries: a write (insert or update) of the settings item, else null. */
export function savedIdentity(record: DynamoDBRecord): ShopIdentity | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null
  const image = record.dynamodb?.NewImage as unknown as Record<string, AttributeValue> | undefined
  if ((image?.__edb_e__ as { S?: string } | undefined)?.S !== 'settings') return null
  const item = unmarshall(image!) as Record<string, unknown>
  const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : '')
  return shopIdentity({ businessName: text('businessName'), phone: text('phone'), email: text('email'), address: text('address'), fflNumber: text('fflNumber') })
}

export interface PublisherDeps {
  kit: () => Promise<SiteKit>
  store: SiteStore
  /** The identity as saved now (a deploy's publish). */
  currentIdentity: () => Promise<ShopIdentity>
  /** Answers CloudFormation (an HTTPS PUT to the presigned response URL). */
  respond?: (url: string, body: string) => Promise<void>
  /** The build of the kit this function carries (SITE_BUILD), when known. */
  carriedBuild?: string
}

export function createPublisherHandler(deps: () => PublisherDeps) {
  async function publish(shop: ShopIdentity, why: string): Promise<Published> {
    const { kit, store } = deps()
    const published = await publishSite({ kit: await kit(), store, shop })
    log.info('site pages published', { why, build: published.build, files: published.files.length, shop: shop.name })
    return published
  }

  return async function handle(event: PublisherEvent): Promise<void> {
    if (isCustomResource(event)) return answerCloudFormation(event)
    // The last write of the batch is the identity saved now (a shard keeps one item's records in order).
    const shop = (event.Records ?? []).map(savedIdentity).filter((s): s is ShopIdentity => s !== null).pop()
    if (!shop) return
    try {
      await publish(shop, 'settings saved')
    } catch (err) {
      log.error('site pages not published: retried by the stream', { alert: 'site_publish_failed', ...errorFields(err) })
      throw err
    }
  }

  async function answerCloudFormation(event: CustomResourceEvent) {
    const { respond = putResponse } = deps()
    let status: 'SUCCESS' | 'FAILED' = 'SUCCESS'
    let reason = ''
    let data: Record<string, string> = {}
    const requested = typeof event.ResourceProperties?.Build === 'string' ? event.ResourceProperties.Build : undefined
    const { carriedBuild } = deps()
    try {
      if (event.RequestType === 'Delete') {
        // The pages stay: the bucket goes with the stack, or the next publish replaces them.
        reason = 'Nothing to do: the published pages stay until the next publish.'
      } else if (requested && carriedBuild && requested !== carriedBuild) {
        // A rollback: CloudFormation asks for the previous build while this function still carries the new one (the
        // resource is rolled back before the function). Publishing this kit would not give that build; failing would
        // leave the stack stuck in UPDATE_ROLLBACK_FAILED. The pages stay as they are; the next deploy publishes.
        reason = `Not published: this function carries build ${carriedBuild}, the request is for build ${requested} (a rollback).`
        log.warn('site pages not published: a deploy asked for another build than the function carries', { requested, carriedBuild })
      } else {
        const published = await publish(await deps().currentIdentity(), `deploy (${event.RequestType})`)
        data = { Build: published.build }
      }
    } catch (err) {
      status = 'FAILED'
      reason = `The site pages could not be published: ${err instanceof Error ? err.message : String(err)}`.slice(0, 1000)
      log.error('site pages not published at deploy', { alert: 'site_publish_failed', ...errorFields(err) })
    }
    const body = JSON.stringify({
      Status: status,
      Reason: reason || `See the log stream of the site publisher (${event.RequestType}).`,
      PhysicalResourceId: event.PhysicalResourceId ?? PHYSICAL_RESOURCE_ID,
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
      Data: data,
    })
    await respond(event.ResponseURL, body)
  }
}

/** CloudFormation's response: a PUT of the JSON to the presigned S3 URL, with no content type (the URL is signed without one). */
export async function putResponse(url: string, body: string): Promise<void> {
  const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': '' } })
  if (!res.ok) throw new Error(`CloudFormation's response URL answered ${res.status}`)
}

let built: PublisherDeps | undefined

function fromEnv(): PublisherDeps {
  if (built) return built
  const bucket = process.env[SITE_ENV_NAMES.bucket]
  const distributionId = process.env[SITE_ENV_NAMES.distributionId]
  if (!bucket || !distributionId) throw new Error(`${SITE_ENV_NAMES.bucket} and ${SITE_ENV_NAMES.distributionId} must be set`)
  let kit: Promise<SiteKit> | undefined
  let s3: Promise<SiteStore> | undefined
  const store = () => (s3 ??= import('./s3-site-store.ts').then(({ s3SiteStore }) => s3SiteStore({ bucket, distributionId, region: process.env.AWS_REGION })))
  built = {
    // A failed load is tried again by the next event (the stream's retry), not kept.
    kit: () => (kit ??= loadSiteKit(siteKitDir()).catch((err: unknown) => ((kit = undefined), Promise.reject(err)))),
    store: {
      put: async (file, html) => (await store()).put(file, html),
      invalidate: async (paths) => (await store()).invalidate(paths),
    },
    currentIdentity: async () => shopIdentity(await createSettingsRepository(defaultTable()).getSettings()),
    carriedBuild: process.env[SITE_ENV_NAMES.build] || undefined,
  }
  return built
}

export const handler = createPublisherHandler(fromEnv)
