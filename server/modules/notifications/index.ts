// Public API of the notifications module.
export { sendEmail, EMAIL_SEND_TOPIC, type SendEmailInput } from "./service.ts";
export { TEMPLATE_NAMES, TEMPLATE_PARAMS, type TemplateName, type TemplateParams, type RenderedEmail } from "./templates.ts";
export { renderTemplate } from "./render.ts";
