import operations from 'electrodb/src/operations.js'

type Build = (builder: unknown, table: Record<string, unknown>) => Record<string, unknown>
interface ProxyClass {
  buildAttributes: Build
  buildOperations: Build
}

const proxyClass = (operations as unknown as { AttributeOperationProxy: ProxyClass }).AttributeOperationProxy
const original = { buildAttributes: proxyClass.buildAttributes, buildOperations: proxyClass.buildOperations }
const BUILDER = Symbol('builder')
const BUILT = Symbol('built')

/**
 * ElectroDB's AttributeOperationProxy, made lazily. Every ElectroDB operation (a get as much as an
 * update) starts a ChainState that builds an update proxy: a getter defined per attribute of the
 * entity and per update operation (Object.defineProperty, 57 + 12 of them for an order), although only
 * a `where` or an update's callback ever reads them. Here each getter is defined once per table of
 * attributes (or operations), on a prototype; an operation's proxy is an object of that prototype
 * holding its builder, and the first getter read builds ElectroDB's own object (its very getters and
 * closures, the same per-proxy state) and answers from it. Same names, same values, same
 * non-enumerable properties; the cost is paid only where the proxy is used.
 * test/unit/lazy-operation-proxies.test.ts holds the parameters built equal to ElectroDB's own.
 */
function lazy(build: Build): Build {
  const prototypes = new WeakMap<object, object>()
  return (builder, table) => {
    let proto = prototypes.get(table)
    if (!proto) {
      proto = {}
      for (const name of Object.keys(table)) {
        Object.defineProperty(proto, name, {
          get(this: { [BUILDER]: unknown; [BUILT]?: Record<string, unknown> }) {
            this[BUILT] ??= build(this[BUILDER], table)
            return this[BUILT][name]
          },
        })
      }
      prototypes.set(table, proto)
    }
    const made = Object.create(proto) as Record<string | symbol, unknown>
    made[BUILDER] = builder
    return made
  }
}

export function installLazyOperationProxies() {
  proxyClass.buildAttributes = lazy(original.buildAttributes)
  proxyClass.buildOperations = lazy(original.buildOperations)
}

/** Tests only: ElectroDB's own again (to compare with). */
export function uninstallLazyOperationProxies() {
  Object.assign(proxyClass, original)
}
