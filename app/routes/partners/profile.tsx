// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Partner · Platen" }];
export default function Placeholder() {
  return <h1>Partner</h1>;
}
