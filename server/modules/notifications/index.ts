// Public API of the notifications module.
export {
  sendEmail,
  EMAIL_SEND_TOPIC,
  EMAIL_RETRY,
  EMAIL_MAX_ATTEMPTS,
  EMAIL_RETRY_SPAN_MS,
  retryAllFailedMessages,
  getDeliveryState,
  type DeliveryState,
  deliverEmail,
  createEmailSendHandler,
  emailSendHandler,
  listMessages,
  countMessagesByStatus,
  listFailedMessages,
  getMessage,
  retryMessage,
  getEmailProviderStatus,
  previewTemplate,
  sendTestEmail,
  type SendEmailInput,
  type EmailStatus,
  type EmailMessage,
  type MailboxQuery,
  type MailboxRow,
  type DeliveryOutcome,
} from "./service.ts";
export {
  TEMPLATE_NAMES,
  TEMPLATE_PARAMS,
  TEMPLATE_LABELS,
  ORDER_TEMPLATE_NAMES,
  isTemplateName,
  type TemplateName,
  type TemplateParams,
  type OrderTemplateName,
  type RenderedEmail,
} from "./templates.ts";
export { renderTemplate, formatMoney, formatDate } from "./render.ts";
export { sampleParams } from "./samples.ts";
export { EMAIL_STATUSES } from "./schema.ts";
export type { EmailProviderStatus } from "../../infra/email/index.ts";
