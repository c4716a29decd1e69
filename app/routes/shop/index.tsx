// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Shop · Platen" }];
export default function Placeholder() {
  return <h1>Shop</h1>;
}
