// PLACEHOLDER: replaced by the catalogue work (issue 3).
export const meta = () => [{ title: "Store profile · Platen" }];
export default function Placeholder() {
  return <h1>Store profile</h1>;
}
