import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib'
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import type { Construct } from 'constructs'

/** The single ElectroDB table: keys and index names must match functions/db/table.ts. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props)

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      timeToLiveAttribute: 'ttl',
    })
    for (const index of ['gsi1', 'gsi2']) {
      this.table.addGlobalSecondaryIndex({
        indexName: index,
        partitionKey: { name: `${index}pk`, type: dynamodb.AttributeType.STRING },
        sortKey: { name: `${index}sk`, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      })
    }
  }
}
