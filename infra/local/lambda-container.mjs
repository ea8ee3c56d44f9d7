// One Lambda "container" of the local runtime (lambda-runtime.ts): a Node process that imports a function's bundle
// (argv[2], a file URL) once, as Lambda's init does, then handles the events its parent sends over IPC, and exits
// when the parent goes away. Plain JavaScript, so the process starts as a bare Node does in Lambda.
const entry = process.argv[2]

const errorOf = (err) => ({
  name: err?.name ?? 'Error',
  message: err?.message ?? String(err),
  stack: err?.stack,
})

let handler
try {
  ;({ handler } = await import(entry))
  if (typeof handler !== 'function') throw new Error(`${entry} exports no handler`)
} catch (err) {
  process.send({ type: 'init-error', error: errorOf(err) })
  process.exit(1)
}

process.on('message', async (m) => {
  if (m?.type !== 'invoke') return
  const deadline = Date.now() + m.timeoutMs
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: m.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${m.functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: m.requestId,
    logGroupName: `/aws/lambda/${m.functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done() {},
    fail() {},
    succeed() {},
  }
  try {
    const result = await handler(m.event, context)
    process.send({ type: 'result', id: m.id, result })
  } catch (err) {
    process.send({ type: 'error', id: m.id, error: errorOf(err) })
  }
})
process.on('disconnect', () => process.exit(0))
process.send({ type: 'ready' })
