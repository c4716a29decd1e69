// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Product requests · Platen" }];
export default function Placeholder() {
  return <h1>Product requests</h1>;
}
