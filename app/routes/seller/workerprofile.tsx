// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Team · Platen" }];
export default function Placeholder() {
  return <h1>Team</h1>;
}
