// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Applicants · Platen" }];
export default function Placeholder() {
  return <h1>Applicants</h1>;
}
