// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Partner terms · Platen" }];
export default function Placeholder() {
  return <h1>Partner terms</h1>;
}
