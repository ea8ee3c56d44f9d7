/**
 * The site publisher locally, as in AWS (functions/site/publisher-handler.ts, the one deployed): the table's stream
 * hands each batch to the same handler, which renders the public pages with the saved shop identity through the
 * served build's site kit (<webDir>/.site-kit) and writes them into the served folder (<webDir>/prerendered/…), the
 * local stand-in for the site bucket. Like a deploy, a start publishes once with the identity saved now, so a data
 * folder whose shop has a name serves its pages with that name from the first request.
 *
 * No kit (the web app is not built, or was built before the kit existed): the pages stay as built, and the rest runs.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { shopIdentity } from '@gs/shared/shop'
import { createSettingsRepository } from '../../functions/db/repositories/settings.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { setLogContext } from '../../functions/lib/logger.ts'
import { publishSite, type SiteStore } from '../../functions/site/publish.ts'
import { createPublisherHandler, type PublisherDeps } from '../../functions/site/publisher-handler.ts'
import { loadSiteKit, SITE_KIT_FOLDER, SITE_KIT_MANIFEST } from '../../functions/site/site-kit.ts'
import { startStreamPoller, type StreamPoller } from './stream-poller.ts'
import { localDynamoClient, tableStreamArn } from './table.ts'


/** Writes pages into the served folder: each one whole (a temporary file renamed over it), so no request reads half a page. */
export function folderSiteStore(webDir: string): SiteStore {
  return {
    async put(file, html) {
      const target = path.resolve(webDir, file)
      if (!target.startsWith(path.resolve(webDir) + path.sep)) throw new Error(`refusing to write outside ${webDir}: ${file}`)
      mkdirSync(path.dirname(target), { recursive: true })
      const temp = `${target}.${process.pid}.tmp`
      writeFileSync(temp, html)
      renameSync(temp, target)
    },
    // The local server reads the files on each request: nothing is cached to forget.
    async invalidate() {},
  }
}

export interface LocalSitePublisher {
  /** False when the served folder has no site kit: nothing is published. */
  running: boolean
  poller: StreamPoller | undefined
  stop(): Promise<void>
}

export async function startLocalSitePublisher(opts: {
  webDir: string
  dynamoEndpoint: string
  tableName: string
  log?: (line: string) => void
}): Promise<LocalSitePublisher> {
  const { webDir, dynamoEndpoint, tableName, log = (line: string) => console.error(line) } = opts
  const kitDir = path.join(webDir, SITE_KIT_FOLDER)
  if (!existsSync(path.join(kitDir, SITE_KIT_MANIFEST))) {
    log(`local site publisher: no site kit in ${kitDir}: the public pages keep the build's shop identity (run npm run build:web)`)
    return { running: false, poller: undefined, stop: async () => undefined }
  }
  const deps: PublisherDeps = {
    // Read again at each publish: a rebuild of the served folder while the stack runs is published from its own kit.
    kit: () => loadSiteKit(kitDir),
    store: folderSiteStore(webDir),
    currentIdentity: async () => shopIdentity(await createSettingsRepository(defaultTable()).getSettings()),
  }
  // One publish at a time: the start's and the stream's never interleave their writes.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }
  const handle = createPublisherHandler(() => deps)
  // As a deploy does: the identity saved now, before the first request.
  await serial(async () => publishSite({ kit: await deps.kit(), store: deps.store, shop: await deps.currentIdentity() }))
  const poller = startStreamPoller({
    endpoint: dynamoEndpoint,
    streamArn: await tableStreamArn(localDynamoClient(dynamoEndpoint), tableName),
    // All the handlers share one process locally: the publisher's log lines are its own.
    handler: (event) => serial(() => (setLogContext({ fn: 'site-publisher' }), handle(event))),
    startingPosition: 'LATEST',
    log,
  })
  await poller.ready
  return { running: true, poller, stop: () => poller.stop() }
}
