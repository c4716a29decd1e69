// Public API of the stores module (partners, stores, team members, fan clubs). Use it only through this file.
export * from "./types.ts";
export { systemCtx, type StoreRow, type ApplicationRow } from "./shared.ts";
export {
  parseHandleParam,
  getStoreByHandle,
  getStoreById,
  getStoresByIds,
  getStoresByHandles,
  storeIdsWithNameLike,
  suspendedStoreIds,
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
  findDiscountCode,
  redeemDiscountCode,
  releaseDiscountCode,
  type NewFanClubPerk,
  getUnsubscribeInfo,
  unsubscribeByToken,
  setFanClubEmails,
  notifyFanClubOfNewProduct,
  fanClubNewProductHandler,
  fanClubOnProductPublished,
  type FanClubView,
} from "./fan-club.ts";
export { recentStoreActivity, storeSetupFacts, type StoreActivity } from "./dashboard.ts";
export { searchStores } from "./search.ts";
export { fanClubGrowth } from "./analytics.ts";
