// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Category · Platen" }];
export default function Placeholder() {
  return <h1>Category</h1>;
}
