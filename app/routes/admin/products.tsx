// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Products · Platen" }];
export default function Placeholder() {
  return <h1>Products</h1>;
}
