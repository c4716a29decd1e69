// Public API of the identity module. Use the module only through this file.
export { ROLES, type Role } from "./schema.ts";
export {
  createSession,
  resolveSession,
  revokeSession,
  revokeAllSessions,
  establishSession,
  markRecentLogin,
  listActiveSessions,
  toServerUser,
  SESSION_TTL_MS,
  RECENT_LOGIN_MS,
  type ServerUser,
  type UserRow,
  type SessionRow,
} from "./sessions.ts";
export {
  signInWithPassword,
  signUp,
  verifyEmailToken,
  resendVerification,
  requestPasswordReset,
  resetPassword,
  checkActionToken,
  assertRecentLogin,
  reauthenticate,
  changePassword,
  requestEmailChange,
  pendingEmailChange,
  deleteAccount,
  getAccount,
  updateProfile,
  saveTheme,
  listSessions,
  signOutOtherDevices,
  signOut,
  lockoutMinutes,
  recentLoginMs,
  LOCKOUT_WINDOW_MS,
  ACCOUNT_MAX_FAILURES,
} from "./accounts.ts";
export {
  identityConfig,
  activeSigningKey,
  rotateSigningKey,
  publicJwks,
  discoveryDocument,
  mintIdToken,
  verifyIdToken,
  userFromIdToken,
  issueRefreshToken,
  refreshIdToken,
  revokeRefreshToken,
  revokeRefreshTokensOfSession,
  revokeRefreshTokensOfUser,
  ID_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_MS,
  type IdentityConfig,
  type MintedIdToken,
} from "./tokens.ts";
export { listAddresses, addAddress, updateAddress, selectAddress, deleteAddress } from "./addresses.ts";
export { assertPasswordPolicy } from "./passwords.ts";
export * from "./errors.ts";
export * from "./types.ts";
export * from "./admin.ts";
export { accountEmailsOf, contactsOf, displayNamesOf, userIdsMatching } from "./names.ts";
