/**
 * What Platen does today, and the sentences that depend on it, in one place. When a feature
 * lands (checkout, guest checkout, tracking, fulfillment tools, payouts), flip its flag here: the
 * home page, "How buying works", the FAQs, the footer and the cart follow, so no page promises
 * what does not exist yet and no two pages disagree.
 */
export const FEATURES = {
  /** Shoppers can place and pay for an order. */
  checkout: true,
  /** ...without an account. */
  guestCheckout: true,
  /** Shipments carry tracking, shown on the order page and e-mailed. */
  tracking: true,
  /** Print shops get batches, labels and manifests in the fulfillment administration. */
  fulfillmentTools: false,
  /** Artists and print shops are paid out to a connected account. */
  payouts: false,
} as const;
export type Feature = keyof typeof FEATURES;

export const isLive = (feature: Feature | undefined): boolean => (feature ? FEATURES[feature] : true);

/** The one sentence about prices, taxes and shipping (footer, cart, FAQ). */
export const TAX_NOTE = "Prices shown are for the item; shipping and any sales tax or VAT for your address are added at checkout.";

/** The tax sentence for a tax mode (the `pricesIncludeTax` platform setting); TAX_NOTE is the US-style default. */
export function taxNoteFor(pricesIncludeTax: boolean): string {
  return pricesIncludeTax
    ? "Prices shown include the tax for your address (VAT); shipping is added at checkout."
    : TAX_NOTE;
}

/** The FAQ's answer to "Are taxes and shipping included in the price?" for a tax mode. */
export function taxFaqAnswer(pricesIncludeTax: boolean): string {
  return pricesIncludeTax
    ? `Tax is; shipping is not. ${taxNoteFor(true)} Checkout shows shipping as its own line and the tax your total includes, before you pay, so the total you approve is the total you pay. For deliveries to another country, import duties may be charged by that country on delivery.`
    : `No. ${TAX_NOTE} They are shown as separate lines before you pay, so the total you approve is the total you pay. For deliveries to another country, import duties may be charged by that country on delivery.`;
}

/** "How buying works": how the total is put together, for a tax mode. */
export function totalNoteFor(pricesIncludeTax: boolean): string {
  return pricesIncludeTax
    ? `${taxNoteFor(true)} Shipping and the tax included show as separate lines before you pay`
    : `${TAX_NOTE} They show as separate lines before you pay`;
}

/** Said wherever an order would be placed, while checkout does not exist. */
export const CHECKOUT_SOON = "Checkout opens soon: your cart stays saved until then.";

/** Home page: what each audience gets. */
export const HOME_POINTS = {
  shoppers: [
    "Find original designs from independent artists",
    "Choose the product, colour and size",
    FEATURES.checkout
      ? FEATURES.tracking
        ? "It is printed for you near your address and shipped with tracking"
        : "It is printed for you near your address and shipped to you"
      : "Save wishes and fill your cart now; checkout opens soon",
  ],
  sellText: FEATURES.checkout
    ? "Upload your artwork once and offer it on t-shirts, posters, stickers and more. We handle printing, shipping, payments and customer service; you keep creating."
    : "Upload your artwork once and offer it on t-shirts, posters, stickers and more. Printing, shipping and payments are handled for you as soon as checkout opens; you keep creating.",
  sell: [
    "No fees to join and no stock to buy",
    "You set the price and see your earnings per sale",
    FEATURES.payouts ? "Paid out to your own payout account" : "Payouts to your own account arrive with checkout",
    "A fan club to keep your followers close",
  ],
  printShops: [
    "Receive orders that match your blanks and capabilities",
    "Set your base costs, production times and carriers",
    FEATURES.fulfillmentTools ? "Batches, labels and manifests in one place" : "Your blanks, colours, sizes and warehouses in one place",
  ],
  printJoin: [
    "Orders matched to your blanks, capacity and delivery area",
    "Your base costs, production times and carrier rates",
    FEATURES.fulfillmentTools ? "Batches, labels, tracking and manifests built in" : "Production and shipping tools for print shops are being built now",
  ],
};

/** "How buying works": the steps that depend on checkout and tracking. */
export const BUYING_STEPS = {
  pay: FEATURES.checkout
    ? {
        title: "Pay securely",
        text: `Check out with your account${FEATURES.guestCheckout ? " or as a guest" : ""}. Shipping and taxes are shown before you pay, and you get a confirmation e-mail at once.`,
      }
    : {
        title: "Checkout opens soon",
        text: "You cannot place orders yet. Until checkout opens, fill your cart and save wishes: your cart is kept in this browser, or on your account when you sign in.",
      },
  track: FEATURES.tracking
    ? {
        title: "Track every parcel",
        text: "We e-mail you the carrier and tracking number when a parcel ships, and again when it is delivered. Your order page shows the tracking link of every parcel.",
      }
    : null,
  /** Where a problem with an order is reported. */
  reportProblem: "through the contact form with the topic “An order I placed” and your order number",
};
