// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Getting started · Platen" }];
export default function Placeholder() {
  return <h1>Getting started</h1>;
}
