import { Stack } from 'aws-cdk-lib'
import type { IConstruct } from 'constructs'

/**
 * The text cdk-nag shows for a resource in a finding id (`Resource::<text>`),
 * so an acknowledgment can name the exact resource instead of a whole rule.
 * Mirrors cdk-nag's flattenCfnReference (not exported by the package).
 */
export function nagResourceText(scope: IConstruct, value: string): string {
  const visit = (node: unknown): string => {
    if (node === undefined) return ''
    if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/}/g, '>')
    const o = node as Record<string, any>
    if (o['Fn::Join']) return (o['Fn::Join'][1] as unknown[]).map(visit).join(o['Fn::Join'][0])
    if (o['Fn::Sub']) return visit(o['Fn::Sub'])
    if (o['Fn::GetAtt']) return `<${visit(o['Fn::GetAtt'][0])}.${visit(o['Fn::GetAtt'][1])}>`
    if (o['Fn::ImportValue']) return visit(o['Fn::ImportValue'])
    if (o.Ref) return `<${visit(o.Ref)}>`
    return JSON.stringify(node)
  }
  return visit(Stack.of(scope).resolve(value))
}
