// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Fan club · Platen" }];
export default function Placeholder() {
  return <h1>Fan club</h1>;
}
