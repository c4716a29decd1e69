// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Product · Platen" }];
export default function Placeholder() {
  return <h1>Product</h1>;
}
