import { FEATURES, isLive, taxFaqAnswer, type Feature } from "./availability.ts";

/**
 * The FAQs of /shop/faqs, grouped. Answers are plain paragraphs (also used for the JSON-LD). An
 * answer that describes a feature still to come names it in `requires` and is shown once it is
 * live (availability.ts); `visibleFaqGroups()` is what the page shows.
 */
export interface Faq {
  id: string;
  question: string;
  answer: string[];
  links?: { to: string; label: string }[];
  requires?: Feature;
}
export interface FaqGroup {
  id: string;
  title: string;
  items: Faq[];
}

export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: "orders-and-payment",
    title: "Orders and payment",
    items: [
      {
        id: "made-to-order",
        question: "Why is every item made to order?",
        answer: [
          "Nothing on Platen sits in a warehouse waiting to be sold. When you order, a print shop prints the design on a new blank item just for you. That means no unsold stock is thrown away, artists can offer their designs on many products, and you get a fresh print.",
          "It also means production takes a few days before your order ships, and that we cannot take back items for a change of mind (faulty items are always covered).",
        ],
      },
      {
        id: "order-now",
        question: "Can I order yet?",
        answer: FEATURES.checkout
          ? ["Yes: add items to your cart and check out."]
          : [
              "Not yet: checkout opens soon. You can already browse the shop, save wishes and fill your cart. Your cart is kept in this browser, and on your account when you sign in, so it is ready when checkout opens.",
            ],
      },
      {
        id: "guest-checkout",
        question: "Do I need an account to order?",
        requires: "guestCheckout",
        answer: [
          "No. You can check out as a guest with your e-mail address, and we send your order confirmation there. With an account you also keep your order history, saved addresses and wishes across devices. After a guest order you can create an account with the same e-mail address and add the order to it.",
        ],
        links: [{ to: "/signup", label: "Create an account" }],
      },
      {
        id: "payment-methods",
        requires: "checkout",
        question: "How can I pay, and when is my card charged?",
        answer: [
          "You pay by card at checkout. Payments are processed by our payment provider over an encrypted connection; we never see or store your full card number. Your card is charged when you place the order, and you receive an order confirmation e-mail right away.",
        ],
      },
      {
        id: "taxes",
        question: "Are taxes and shipping included in the price?",
        answer: [
          taxFaqAnswer(false),
        ],
      },
      {
        id: "change-or-cancel",
        requires: "checkout",
        question: "Can I change or cancel my order?",
        answer: [
          "Yes, as long as it has not gone into production yet: open your order page (the link is in your confirmation e-mail, and on your account if you were signed in) and choose “Cancel order”. You are refunded in full to the card you paid with. Production usually starts within a day; once an item is being printed we can no longer stop it. To change an address or an item, cancel and order again, or write to us through the contact form with the topic “An order I placed”.",
        ],
        links: [{ to: "/contact?topic=order", label: "Contact us about an order" }],
      },
    ],
  },
  {
    id: "shipping-and-delivery",
    title: "Shipping and delivery",
    items: [
      {
        id: "delivery-time",
        requires: "checkout",
        question: "How long does delivery take?",
        answer: [
          "Production takes 2 to 5 business days, then the parcel travels with the carrier. Checkout shows an estimated delivery date for each parcel to your address, based on the production time of the print shop and the carrier's transit time. Because your order is printed close to you whenever possible, it often travels less far than from a central warehouse.",
        ],
      },
      {
        id: "tracking",
        requires: "tracking",
        question: "How do I track my order?",
        answer: [
          "When a parcel ships, we e-mail you the carrier and the tracking number. The tracking is also shown on your order page, and we e-mail you again when the carrier reports the parcel as delivered.",
        ],
      },
      {
        id: "several-parcels",
        requires: "checkout",
        question: "Why did my order arrive in several parcels?",
        answer: [
          "Different products can be made by different print shops, each the best placed for that item. They ship separately so that nothing waits for the slowest item. You pay shipping once per order, as shown at checkout, and each parcel has its own tracking.",
        ],
      },
      {
        id: "where-we-ship",
        question: "Where do you ship?",
        answer: [
          "We ship wherever a print shop in our network, or our print-on-demand service, can deliver the product. Checkout will tell you if an item cannot be delivered to your address, before you pay.",
        ],
      },
    ],
  },
  {
    id: "returns-and-problems",
    title: "Returns and problems",
    items: [
      {
        id: "misprint-or-damage",
        requires: "checkout",
        question: "My item arrived misprinted or damaged. What now?",
        answer: [
          "We are sorry. Within 30 days of delivery, write to us through the contact form with the topic “An order I placed”, your order number and a photo that shows the problem. We will reprint the item or refund it, whichever you prefer, at no cost to you. You usually do not need to send anything back.",
        ],
        links: [
          { to: "/shop/shoppers#guarantees", label: "Our guarantees" },
          { to: "/contact?topic=order", label: "Contact us about an order" },
        ],
      },
      {
        id: "wrong-size",
        question: "Can I return an item that does not fit?",
        answer: [
          "Because every item is printed specially for your order, we do not accept returns or exchanges for a change of mind or the wrong size, unless the law where you live gives you that right. Please compare the measurements in the size chart on the product page with a garment you own before ordering.",
        ],
      },
      {
        id: "not-arrived",
        requires: "tracking",
        question: "My parcel has not arrived.",
        answer: [
          "First check the tracking on your order page or in the shipping e-mail. If the parcel has not arrived 10 business days after the estimated delivery date, or the tracking has not moved for 10 business days, write to us through the contact form with your order number. We will trace it with the carrier and send a replacement or refund you if it is lost.",
        ],
      },
      {
        id: "refund-time",
        requires: "checkout",
        question: "How long does a refund take?",
        answer: [
          "We refund to the card you paid with as soon as we have looked at your message, usually within 2 business days. When you cancel an order before production yourself, the refund is sent at once. Your bank then takes 5 to 10 business days to show the money on your account.",
        ],
      },
      {
        id: "care",
        question: "How should I wash printed clothing?",
        answer: [
          "Turn it inside out, wash at 30 °C (cold) with similar colours, do not use bleach or fabric softener, and tumble dry low or hang to dry. Do not iron directly on the print. Mugs marked dishwasher safe are; for the longest life, hand wash them.",
        ],
      },
    ],
  },
  {
    id: "account-and-privacy",
    title: "Account and privacy",
    items: [
      {
        id: "browser-data",
        question: "What do you keep in my browser?",
        answer: [
          "Your cart, wishes, chosen theme, shipping details and a copy of your basic profile are kept in your browser's local storage under the name userData, so the site works before you sign in. We also set a session cookie and a refresh token cookie to keep you signed in, and a cookie that remembers your theme. We use no advertising or tracking cookies.",
        ],
        links: [{ to: "/legal/privacyPolicy", label: "Privacy policy" }],
      },
      {
        id: "who-sees-address",
        question: "Who sees my address?",
        answer: [
          "Only the print shop that makes your item and the carrier that delivers it, to produce and ship your order. The artist whose design you bought does not receive your address or e-mail.",
        ],
      },
      {
        id: "forgot-password",
        question: "I forgot my password.",
        answer: ["On the sign-in page, follow the link to reset your password and enter your e-mail address. We send you a link to choose a new password; it is valid for a limited time, so use it soon."],
        links: [{ to: "/login", label: "Sign in" }],
      },
      {
        id: "delete-account",
        question: "How do I delete my account or get a copy of my data?",
        answer: [
          "Write to us through the contact form with the topic “Privacy and my personal data”. We answer within one month, and may ask you to confirm it is really you. Order records that tax law requires us to keep are retained for that period and then deleted.",
        ],
        links: [{ to: "/contact?topic=privacy", label: "Contact us about privacy" }],
      },
    ],
  },
  {
    id: "selling-on-platen",
    title: "Selling on Platen",
    items: [
      {
        id: "start-selling",
        question: "How do I start selling my art?",
        answer: [
          "Tell us about yourself and your work through the contact form with the topic “Selling my art on Platen”, with a link to your portfolio. Our team reviews applications, usually within 5 business days. Once approved, you open your store with its own @handle, upload your artwork and publish it on the products you choose. There is no fee to join and nothing to buy up front.",
        ],
        links: [
          { to: "/contact?topic=partner", label: "Apply to sell" },
          { to: "/legal/partnerTerms", label: "Partner terms" },
        ],
      },
      {
        id: "earnings",
        question: "How much do I earn per sale?",
        answer: [
          "You set the retail price. Your earnings are the retail price minus the base cost of making the item and the platform fee, which is a percentage of your margin. The product designer shows your earnings per sale live as you set the price, and will not let you set a price below the base cost, the fee and the minimum margin.",
        ],
      },
      {
        id: "payouts",
        requires: "payouts",
        question: "When and how am I paid?",
        answer: [
          "You connect a payout account with our payment provider from your store administration. Earnings become available 30 days after an item is delivered, the period in which a shopper can report a problem, and are paid out on the schedule shown in your dashboard. Reprints and refunds for production problems never reduce your earnings.",
        ],
      },
      {
        id: "artwork-rights",
        question: "Who owns my artwork?",
        answer: [
          "You do. You give us a licence to print it on the products you publish and show it on the marketplace, only for as long as the products are published. You must own or have permission for everything you upload.",
        ],
      },
      {
        id: "artwork-files",
        question: "What files should I upload?",
        answer: [
          "PNG files with a transparent background work best, at 300 DPI at the printed size (for example about 3600 × 4800 pixels for a large t-shirt print). The designer checks your file for each product and tells you if the resolution is too low for the print area.",
        ],
      },
    ],
  },
  {
    id: "fulfilling-for-platen",
    title: "Fulfilling for Platen",
    items: [
      {
        id: "join-network",
        question: "Can my print shop join the production network?",
        answer: [
          "Yes, if you print professionally on garments, drinkware, paper or accessories and can ship reliably. Write to us through the contact form with the topic “Printing for Platen” with your print methods, the blanks you stock and where your warehouses are. We may ask for sample prints.",
        ],
        links: [
          { to: "/contact?topic=fulfillment", label: "Apply to print for Platen" },
          { to: "/legal/manufacturingTerms", label: "Manufacturing terms" },
        ],
      },
      {
        id: "routing",
        requires: "checkout",
        question: "How are orders routed to print shops?",
        answer: [
          "Each order line goes to the cheapest warehouse that can make it, has capacity and ships to the destination. You control what you receive by keeping your blanks, print areas, stock, production time and capacity up to date.",
        ],
      },
      {
        id: "fulfiller-pay",
        requires: "payouts",
        question: "How are print shops paid?",
        answer: [
          "You set a base cost for each blank variant and rate tables for your carriers. For each line you ship you earn its base cost and the shipping charged for it. Amounts become available when the shipment is handed to the carrier and are paid to your connected payout account.",
        ],
      },
      {
        id: "fulfiller-tools",
        requires: "fulfillmentTools",
        question: "What tools do print shops get?",
        answer: [
          "A fulfillment administration with batches for production runs, parcels, shipping labels and tracking, end-of-day manifests per carrier, cases for shopper problems, and analytics. Print-ready files are generated for every order line.",
        ],
      },
    ],
  },
];

/** The groups and questions shoppers see today: answers about features still to come are left out. */
/** The FAQs the page shows: live features only, with the tax answer for the platform's tax mode. */
export function visibleFaqGroups(groups: FaqGroup[] = FAQ_GROUPS, options: { pricesIncludeTax?: boolean } = {}): FaqGroup[] {
  const taxes = taxFaqAnswer(options.pricesIncludeTax ?? false);
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((f) => isLive(f.requires)).map((f) => (f.id === "taxes" ? { ...f, answer: [taxes, ...f.answer.slice(1)] } : f)),
    }))
    .filter((g) => g.items.length > 0);
}

/** schema.org FAQPage for the JSON-LD block. */
export function faqJsonLd(groups: FaqGroup[] = visibleFaqGroups()) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: groups.flatMap((g) =>
      g.items.map((f) => ({
        "@type": "Question",
        name: f.question,
        acceptedAnswer: { "@type": "Answer", text: f.answer.join("\n\n") },
      })),
    ),
  };
}
