// Public API of the stores module (partners, stores, team members, fan clubs). Use it only through this file.
export * from "./types.ts";
export { systemCtx, type StoreRow, type ApplicationRow } from "./shared.ts";
export {
  parseHandleParam,
  getStoreByHandle,
  getStoreById,
  getStoresByIds,
  isStorePublic,
  getStoreAccess,
  accessAllows,
  checkHandle,
} from "./access.ts";
export {
  getMyApplication,
  submitApplication,
  listApplications,
  countPendingApplications,
  approveApplication,
  rejectApplication,
  type ApplicationView,
} from "./applications.ts";
export {
  listStoresForAdmin,
  suspendStore,
  reinstateStore,
  setStoreFeatured,
  listPublicStores,
  listMyStores,
  updateStoreProfile,
  setStoreImage,
  uploadStoreImage,
  STORE_IMAGE_MAX_BYTES,
  type AdminStoreView,
  type MyStore,
} from "./stores.ts";
export {
  listTeam,
  listPublicTeam,
  inviteMember,
  getInvitation,
  acceptInvitation,
  updateMemberPermissions,
  removeMember,
  updateMyWorkerProfile,
  getMyWorkerProfile,
  type TeamMemberView,
  type PublicTeamMember,
  type InvitationView,
} from "./team.ts";
export { sampleStoreImageKeys } from "./media.ts";
export {
  FAN_CLUB_NEW_PRODUCT_TOPIC,
  countFanClubMembers,
  isFanClubMember,
  joinFanClub,
  leaveFanClub,
  getFanClub,
  createFanClubPost,
  deleteFanClubPost,
  createFanClubPerk,
  endFanClubPerk,
  getUnsubscribeInfo,
  unsubscribeByToken,
  setFanClubEmails,
  notifyFanClubOfNewProduct,
  fanClubNewProductHandler,
  type FanClubView,
} from "./fan-club.ts";
export { recentStoreActivity, storeSetupFacts, type StoreActivity } from "./dashboard.ts";
