import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactGetCommandInput,
  TransactGetCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb'

/**
 * The document commands of functions/db/dynamo/document-client.ts: the names, inputs and outputs of
 * `@aws-sdk/lib-dynamodb`'s (its types, nothing of its code). The bundles alias `@aws-sdk/lib-dynamodb`
 * to this file, so ElectroDB's `new lib.QueryCommand(params)` builds one of these.
 */
export type Operation = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'Scan' | 'BatchGetItem' | 'BatchWriteItem' | 'TransactGetItems' | 'TransactWriteItems'

export interface DocumentCommand<I, O> {
  /** DynamoDB's name of the operation (X-Amz-Target); a minified bundle keeps it, unlike a class name. */
  readonly operation: Operation
  readonly input: I
  /** Types only: what `send` answers. */
  readonly output?: O
}

/** A command class of one operation, as lib-dynamodb's: `new QueryCommand(input)`. */
const command = <I, O>(operation: Operation) =>
  class implements DocumentCommand<I, O> {
    readonly operation = operation
    declare readonly output?: O
    constructor(readonly input: I) {}
  }

export const GetCommand = command<GetCommandInput, GetCommandOutput>('GetItem')
export const PutCommand = command<PutCommandInput, PutCommandOutput>('PutItem')
export const UpdateCommand = command<UpdateCommandInput, UpdateCommandOutput>('UpdateItem')
export const DeleteCommand = command<DeleteCommandInput, DeleteCommandOutput>('DeleteItem')
export const QueryCommand = command<QueryCommandInput, QueryCommandOutput>('Query')
export const ScanCommand = command<ScanCommandInput, ScanCommandOutput>('Scan')
export const BatchGetCommand = command<BatchGetCommandInput, BatchGetCommandOutput>('BatchGetItem')
export const BatchWriteCommand = command<BatchWriteCommandInput, BatchWriteCommandOutput>('BatchWriteItem')
export const TransactGetCommand = command<TransactGetCommandInput, TransactGetCommandOutput>('TransactGetItems')
export const TransactWriteCommand = command<TransactWriteCommandInput, TransactWriteCommandOutput>('TransactWriteItems')

/** `@aws-sdk/lib-dynamodb`'s class names (ElectroDB outside a bundle builds those): their operation. */
export const OPERATION_OF_SDK_COMMAND: Record<string, Operation> = {
  GetCommand: 'GetItem',
  PutCommand: 'PutItem',
  UpdateCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
  QueryCommand: 'Query',
  ScanCommand: 'Scan',
  BatchGetCommand: 'BatchGetItem',
  BatchWriteCommand: 'BatchWriteItem',
  TransactGetCommand: 'TransactGetItems',
  TransactWriteCommand: 'TransactWriteItems',
}
