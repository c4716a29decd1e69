// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Wishes · Platen" }];
export default function Placeholder() {
  return <h1>Wishes</h1>;
}
