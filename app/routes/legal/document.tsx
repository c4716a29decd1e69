import type { Route } from "./+types/document";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { formatIsoDate, LegalArticle } from "#app/components/content/LegalArticle.tsx";
import { legalDocument } from "#server/modules/content/index.ts";

/** /legal/:doc — one of the five documents; any other name is a 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  const doc = legalDocument(params.doc);
  if (!doc) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  return {
    name: doc.name,
    title: doc.title,
    summary: doc.summary,
    updated: doc.updated,
    updatedLabel: formatIsoDate(doc.updated),
    html: doc.html,
    toc: doc.toc,
    hasPlaceholders: doc.hasPlaceholders,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `${data.title} · Platen` }, { name: "description", content: data.summary }] : [{ title: "Page not found · Platen" }];

export default function LegalDocumentPage({ loaderData }: Route.ComponentProps) {
  return <LegalArticle doc={loaderData} />;
}
