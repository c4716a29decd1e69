// PLACEHOLDER: the header's wishes link and cart button + drawer (shopping helper replaces this).
export function HeaderShopping() {
  return null;
}
