// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Search · Platen" }];
export default function Placeholder() {
  return <h1>Search</h1>;
}
