import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib'
import * as backup from 'aws-cdk-lib/aws-backup'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import * as events from 'aws-cdk-lib/aws-events'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as kms from 'aws-cdk-lib/aws-kms'
import { Construct } from 'constructs'
import { acknowledge } from './app-function.ts'

/**
 * The table's backup plan, exported for the tests and docs/deploying.md ("Backups of the book"). Point-in-time
 * recovery keeps 35 days; the A&D book must be kept for as long as the license (and its records) last. So: a daily
 * recovery point kept 90 days (any day of the last quarter), a monthly one kept ten years (in cold storage after 90
 * days), and a yearly one kept until someone deletes it by hand. The jobs start an hour apart, in the quiet of the
 * night in the US (UTC times), so that no two run on the table at once.
 */
export const BOOK_BACKUP = {
  daily: { name: 'Daily', schedule: { hour: '5', minute: '0' }, deleteAfter: Duration.days(90) },
  monthly: { name: 'Monthly', schedule: { day: '1', hour: '6', minute: '0' }, moveToColdStorageAfter: Duration.days(90), deleteAfter: Duration.days(3653) },
  yearly: { name: 'Yearly', schedule: { day: '1', month: '1', hour: '7', minute: '0' }, moveToColdStorageAfter: Duration.days(90) },
  /** A job not started within this waits for the next day's: the table's writes go on meanwhile. */
  startWindow: Duration.hours(1),
  completionWindow: Duration.hours(8),
  /**
   * The vault lock's floor: a recovery point is kept at least this long whatever anyone asks (the daily's retention,
   * the shortest), and none is deleted before its own retention ends.
   */
  lockMinRetention: Duration.days(90),
} as const

/** The vault's name: a literal, so the Monitoring stack's alarm names it without an export from the Data stack. */
export const bookVaultName = (stage: string) => `gunsmith-${stage}-book`

export interface BookBackupProps {
  stage: string
  table: ITable
}

/**
 * AWS Backup for the single table (the A&D book, with every other item): a vault encrypted with a key of its own, locked
 * (governance mode) and refusing every recovery-point deletion by its access policy; the plan above; a backup role
 * that can back up this table and nothing else; and a restore role for ops' restore jobs (the runbook,
 * docs/deploying.md "Restore the book from a backup"). Everything here is retained when its stack goes: the recovery
 * points outlive the stage by design.
 */
export class BookBackup extends Construct {
  readonly key: kms.Key
  readonly vault: backup.BackupVault
  readonly plan: backup.BackupPlan
  readonly backupRole: iam.Role
  readonly restoreRole: iam.Role

  constructor(scope: Construct, id: string, { stage, table }: BookBackupProps) {
    super(scope, id)
    const stack = Stack.of(this)

    this.key = new kms.Key(this, 'VaultKey', {
      description: `Gunsmith ${stage}: encrypts the table's recovery points in the book backup vault`,
      enableKeyRotation: true,
      // Deleting it would make every recovery point unreadable: kept with them, and a deletion waits the longest AWS allows.
      removalPolicy: RemovalPolicy.RETAIN,
      pendingWindow: Duration.days(30),
    })

    this.vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: bookVaultName(stage),
      encryptionKey: this.key,
      removalPolicy: RemovalPolicy.RETAIN,
      // An access policy denying DeleteRecoveryPoint and UpdateRecoveryPointLifecycle to every principal.
      blockRecoveryPointDeletion: true,
      // Governance mode (no changeableFor): the lock can be lifted only by someone allowed
      // backup:DeleteBackupVaultLockConfiguration, a deliberate and logged act; compliance mode could never be, even
      // when the shop's retention needs change (docs/deploying.md says how to move to it).
      lockConfiguration: { minRetention: BOOK_BACKUP.lockMinRetention },
    })

    this.backupRole = new iam.Role(this, 'BackupRole', {
      assumedBy: new iam.ServicePrincipal('backup.amazonaws.com'),
      description: `Gunsmith ${stage}: AWS Backup backs up the table (and only it) into the book vault`,
    })
    // AWS Backup's advanced DynamoDB backups (what a backup plan turns on for the account): the job starts on the
    // table, reads its description and tags (copied onto the recovery point), and encrypts with the vault's key.
    this.backupRole.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: ['dynamodb:DescribeTable', 'dynamodb:ListTagsOfResource', 'dynamodb:StartAwsBackupJob'],
      resources: [table.tableArn],
    }))
    this.backupRole.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: ['backup:TagResource'],
      // A recovery point's ARN has an id AWS Backup picks, in no vault's path: the account's recovery points in this region.
      resources: [stack.formatArn({ service: 'backup', resource: 'recovery-point', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
    }))
    this.grantVaultKey(this.backupRole)

    const planRule = (r: { name: string; schedule: events.CronOptions; deleteAfter?: Duration; moveToColdStorageAfter?: Duration }) =>
      new backup.BackupPlanRule({
        ruleName: r.name,
        backupVault: this.vault,
        scheduleExpression: events.Schedule.cron(r.schedule),
        startWindow: BOOK_BACKUP.startWindow,
        completionWindow: BOOK_BACKUP.completionWindow,
        ...(r.deleteAfter ? { deleteAfter: r.deleteAfter } : {}),
        ...(r.moveToColdStorageAfter ? { moveToColdStorageAfter: r.moveToColdStorageAfter } : {}),
      })
    this.plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: `gunsmith-${stage}-book`,
      backupPlanRules: [planRule(BOOK_BACKUP.daily), planRule(BOOK_BACKUP.monthly), planRule(BOOK_BACKUP.yearly)],
    })
    this.plan.addSelection('Table', {
      backupSelectionName: 'table',
      resources: [backup.BackupResource.fromDynamoDbTable(table)],
      role: this.backupRole,
      // The role above, not AWS's managed policy for every resource type in the account.
      disableDefaultBackupPolicy: true,
    })

    // Restores are started by ops (the runbook) into a new table; AWS's restore policy is what a restore of any DynamoDB
    // backup needs, and the role can only be assumed by AWS Backup for a job someone allowed to pass it starts.
    this.restoreRole = new iam.Role(this, 'RestoreRole', {
      assumedBy: new iam.ServicePrincipal('backup.amazonaws.com'),
      description: `Gunsmith ${stage}: AWS Backup restores a recovery point of the book vault into a new table`,
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSBackupServiceRolePolicyForRestores')],
    })
    this.grantVaultKey(this.restoreRole)

    this.acknowledgeFindings()
  }

  /** Use of the vault's key for the recovery points (encrypt on backup, decrypt on restore), and nothing else. */
  private grantVaultKey(role: iam.Role) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: ['kms:Decrypt', 'kms:DescribeKey', 'kms:GenerateDataKey'],
      resources: [this.key.keyArn],
    }))
    role.addToPrincipalPolicy(new iam.PolicyStatement({
      actions: ['kms:CreateGrant'],
      resources: [this.key.keyArn],
      conditions: { Bool: { 'kms:GrantIsForAWSResource': 'true' } },
    }))
  }

  private acknowledgeFindings() {
    for (const role of [this.backupRole, this.restoreRole]) {
      const policy = role.node.tryFindChild('DefaultPolicy')
      if (!policy) throw new Error(`${role.node.path} has no default policy: its cdk-nag acknowledgments need it`)
      acknowledge(policy, ['PCI.DSS.321-IAMNoInlinePolicy'],
        "CDK's per-role policy attached to this one backup role and nothing else: its grants are on this table, this vault's key and recovery points (test/infra/security.test.ts asserts them); a managed policy would only make them attachable elsewhere.")
    }
    const backupPolicy = this.backupRole.node.findChild('DefaultPolicy')
    acknowledge(backupPolicy, ['AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:backup:<AWS::Region>:<AWS::AccountId>:recovery-point:*]'],
      'backup:TagResource on recovery points: AWS Backup names each new recovery point with an id of its own, outside any vault path, so the grant can only name this account\'s recovery points in this region; tagging is all it allows.')
    acknowledge(this.restoreRole, ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores]'],
      "AWS's own restore policy, kept current by AWS as restores need more: the role is assumable only by AWS Backup, and used only for a restore job ops starts into a new table (docs/deploying.md); nothing runs as it on a schedule.")
  }
}
