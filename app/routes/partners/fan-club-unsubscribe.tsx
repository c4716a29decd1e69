// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Unsubscribe · Platen" }];
export default function Placeholder() {
  return <h1>Unsubscribe</h1>;
}
