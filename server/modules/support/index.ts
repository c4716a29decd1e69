// Public API of the support module (contact messages and the admin inbox).
export {
  createContactMessage,
  listMessages,
  getThread,
  reply,
  changeStatus,
  countMessagesByStatus,
  contactTransitions,
  PAGE_SIZE,
  type ContactMessageView,
  type ContactEventView,
  type ContactThread,
  type MessageList,
  type StatusCounts,
} from "./service.ts";
export * from "./types.ts";
