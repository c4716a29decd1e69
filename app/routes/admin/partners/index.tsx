// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Partners · Platen" }];
export default function Placeholder() {
  return <h1>Partners</h1>;
}
