import { groupEnv, routesFor, type FunctionGroup } from './routes.ts'
import { requireEnv } from './lib/env.ts'
import { accountGate } from './auth/account-gate.ts'
import { createGroupHandler, routeTable, type RouteModule } from './lib/http.ts'

/** The same group handler the Lambda entry builds, with its route modules imported at run time (local gateway, tests). */
export async function loadGroupHandler(group: FunctionGroup) {
  requireEnv(...groupEnv[group])
  const modules: Record<string, RouteModule> = {}
  for (const r of routesFor(group)) {
    modules[r.handler] ??= (await import(/* @vite-ignore */ new URL(`./${r.handler}.ts`, import.meta.url).href)) as RouteModule
  }
  return createGroupHandler(group, { routes: routeTable(routesFor(group), modules), gate: accountGate })
}
