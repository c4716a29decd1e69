export {
  createPostgresSearchProvider,
  tsQueryOf,
  termsOf,
  upsertRow,
  removeRow,
  readRow,
  COUNT_CAP,
  FACET_CAP,
  RANK_CAP,
  PAGINATION_LIMIT,
} from "./postgres.ts";
export {
  createAlgoliaSearchProvider,
  createAlgoliaClient,
  algoliaHosts,
  algoliaParams,
  algoliaRecord,
  algoliaSettingsFingerprint,
  facetFilter,
  requestOnce,
  ALGOLIA_SETTINGS,
  ALGOLIA_HIGHLIGHT_PRE,
  ALGOLIA_HIGHLIGHT_POST,
  type AlgoliaConfig,
  type AlgoliaClient,
  type AlgoliaAdminProvider,
} from "./algolia.ts";
export { SearchUnavailableError, escapeHtml, markHighlight, type IndexedDocument, type SearchProvider, type Suggestion } from "./types.ts";
