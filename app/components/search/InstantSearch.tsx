// PLACEHOLDER: the header's instant search (search helper replaces this).
export function InstantSearch() {
  return null;
}
