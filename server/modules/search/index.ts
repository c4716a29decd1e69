// Public API of the search module: the index kept in sync with the catalogue, and the search port.
export {
  upsertSearchDocument,
  removeSearchDocument,
  reindexAll,
  searchProducts,
  suggest,
  parseSearchQuery,
  searchProvider,
  searchErrorMessage,
  searchSyncHandler,
  SearchUnavailableError,
  SEARCH_SYNC_TOPIC,
  type SearchDocumentInput,
} from "./service.ts";
export {
  SEARCH_ERRORS,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  searchQuerySchema,
  type FacetValue,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
  type Suggestion,
} from "./types.ts";
