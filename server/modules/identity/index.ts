// Public API of the identity module. Use the module only through this file.
export { ROLES, type Role } from "./schema.ts";
export {
  createSession,
  resolveSession,
  revokeSession,
  revokeAllSessions,
  toServerUser,
  SESSION_TTL_MS,
  RECENT_LOGIN_MS,
  type ServerUser,
  type UserRow,
  type SessionRow,
} from "./sessions.ts";
