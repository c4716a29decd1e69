// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Dashboard · Platen" }];
export default function Placeholder() {
  return <h1>Dashboard</h1>;
}
