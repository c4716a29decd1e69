// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Seller hub · Platen" }];
export default function Placeholder() {
  return <h1>Seller hub</h1>;
}
