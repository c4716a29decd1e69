// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Become a partner · Platen" }];
export default function Placeholder() {
  return <h1>Become a partner</h1>;
}
