import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib'
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import type { Construct } from 'constructs'
import { tableKeys } from '../../functions/db/table-schema.ts'
import { BookBackup } from '../constructs/book-backup.ts'
import { PhotosBucket } from '../constructs/photos-bucket.ts'
import type { StageConfig } from '../constructs/stage-config.ts'

export interface DataStackProps extends StackProps {
  config: StageConfig
}

/** The single ElectroDB table: keys and index names must match functions/db/table.ts. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table
  /** The table's AWS Backup plan and vault (config.backup: prod by default). */
  readonly backup?: BookBackup
  /** Condition photos (evidence; retained in every stage). */
  readonly photos: PhotosBucket

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props)
    const { retainData, removalPolicy } = props.config

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      // On in every stage (cheap at this size): a dev table can be restored too. docs/deploying.md has the restore steps.
      // It reaches back 35 days; the backup plan below keeps the book for years.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // prod keeps its data: the table survives a stack delete or a replacement and cannot be deleted by accident.
      // Any other stage is disposable: `cdk destroy` removes the table.
      deletionProtection: retainData,
      removalPolicy,
      timeToLiveAttribute: 'ttl',
      // The notifier reads inserted notifications from the stream (notify-stack.ts). Adding a stream to a
      // deployed table is an in-place update (StreamSpecification: no interruption), not a replacement.
      stream: dynamodb.StreamViewType.NEW_IMAGE,
    })
    for (const index of tableKeys.indexes.slice(0, props.config.tableIndexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      })
    }
    if (props.config.backup) {
      this.backup = new BookBackup(this, 'BookBackup', { stage: props.config.stage, table: this.table })
      new CfnOutput(this, 'BackupVaultName', { value: this.backup.vault.backupVaultName, description: "The table's recovery points (docs/deploying.md, \"Restore the book from a backup\")" })
      new CfnOutput(this, 'BackupRestoreRoleArn', { value: this.backup.restoreRole.roleArn, description: 'The role to pass to aws backup start-restore-job' })
    }
    this.photos = new PhotosBucket(this, 'Photos', { config: props.config })
    new CfnOutput(this, 'PhotosBucketName', { value: this.photos.bucket.bucketName, description: 'Condition photos (docs/deploying.md, "Condition photos")' })
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'The single DynamoDB table' })
    new CfnOutput(this, 'TableArn', { value: this.table.tableArn })
  }
}
