import { deployedRoutesFor, type FunctionGroup } from '../routes.ts'

/**
 * Source of a function group's Lambda entry, generated from the route table so
 * that each bundle holds only its own route modules (the CDK API stack writes
 * it to a temp file and bundles it; nobody keeps a second route list).
 */
export function groupEntrySource(group: FunctionGroup, functionsDir: string): string {
  const dir = functionsDir.replace(/\\/g, '/')
  const modules = [...new Set(deployedRoutesFor(group).map((r) => r.handler))]
  const lines = [
    `import { createGroupHandler } from '${dir}/lib/http.ts'`,
    `import { accountGate } from '${dir}/lib/account-gate.ts'`,
    ...modules.map((m, i) => `import { handler as h${i} } from '${dir}/${m}.ts'`),
    `export const handler = createGroupHandler(${JSON.stringify(group)}, {`,
    `  gate: accountGate,`,
    `  modules: {`,
    ...modules.map((m, i) => `    ${JSON.stringify(m)}: { handler: h${i} },`),
    `  },`,
    `})`,
  ]
  return lines.join('\n') + '\n'
}
