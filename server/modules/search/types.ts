// The search shapes live in server/contracts (the search adapters use them too); re-exported here
// so that existing imports keep working.
export {
  SEARCH_SORTS,
  SEARCH_PAGE_SIZE,
  SEARCH_ERRORS,
  searchQuerySchema,
  type SearchSort,
  type SearchQuery,
  type FacetValue,
  type SearchHit,
  type SearchResult,
  type Suggestion,
} from "../../contracts/search.ts";
