// Public API of the content module: the legal documents kept as Markdown in content/legal/.
export {
  LEGAL_DOCS,
  isLegalDocName,
  legalDocument,
  legalIndex,
  renderMarkdown,
  slugify,
  type LegalDocName,
  type LegalDocument,
  type LegalDocumentSummary,
  type TocEntry,
} from "./documents.ts";
