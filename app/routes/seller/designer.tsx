// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Designer · Platen" }];
export default function Placeholder() {
  return <h1>Designer</h1>;
}
