import { useNonce } from "#app/lib/nonce.tsx";

/** Structured data as an inline script; the CSP allows it through the response's nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  // `<` escaped so no text in the data can close the script element
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
