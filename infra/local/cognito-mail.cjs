// Local stack only, required by cognito-runner.cjs: cognito-local "delivers" codes by logging them. Here
// every email it would send (sign-up and password-reset codes, the welcome of a customer the shop created
// with their temporary password) goes to the local mail catcher (maildev) over SMTP instead, with the
// words the AWS pool uses (infra/constructs/cognito-messages.ts). The parent sends where and what once
// maildev runs (infra/local/cognito.ts configureMail: an IPC message { mail: { smtpPort, from, messages } });
// until then, or without a mail catcher, codes are written on stderr.
const { MessagesService } = require('cognito-local/lib/services/messages')
const nodemailer = require(require.resolve('nodemailer', { paths: [__dirname] }))

let mail = null
let transport = null
process.on('message', (m) => {
  if (!m || !m.mail) return
  mail = m.mail
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: mail.smtpPort, secure: false, ignoreTLS: true })
})

const fill = (text, code, username) => String(text).split('{####}').join(code).split('{username}').join(username)

const original = MessagesService.prototype.deliver
MessagesService.prototype.deliver = async function deliver(ctx, source, clientId, userPoolId, user, code, clientMetadata, deliveryDetails) {
  if (!deliveryDetails || deliveryDetails.DeliveryMedium !== 'EMAIL') return original.apply(this, arguments)
  const to = deliveryDetails.Destination
  if (!transport) {
    process.stderr.write(`[cognito-local] ${source} code for ${to}: ${code}\n`)
    return
  }
  const template = source === 'AdminCreateUser' ? mail.messages.invitation : mail.messages.verification
  const username = ((user.Attributes || []).find((a) => a.Name === 'email') || {}).Value || user.Username
  await transport.sendMail({ from: mail.from, to, subject: template.subject, text: fill(template.body, code, username) })
}
