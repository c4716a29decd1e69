-- The storefront grids answer from the search index and memoise the answers per catalogue version
-- (migration 0004). A subscriber of the stores module's events rewrites a store's search documents
-- a moment after the store changed (a suspension, a rename): that write bumps the version too, in
-- its own transaction, so no grid keeps an answer computed between the change and the reindex.
CREATE TRIGGER "search_documents_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "search_documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
