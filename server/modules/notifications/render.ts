import { env } from "../../config/env.ts";
import { formatAmount, isCurrency } from "../../contracts/money.ts";
import { BRAND, button, esc, escLines, facts, h1, h2, layout, link, muted, p, panel, pHtml, safeUrl, textLayout } from "./layout.ts";
import { TEMPLATE_PARAMS, type RenderedEmail, type TemplateName, type TemplateParams } from "./templates.ts";

/** Minor units to a display amount, e.g. 2450 USD -> "$24.50", 1200 JPY -> "¥1,200" (the contracts Money format). */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  return isCurrency(code) ? formatAmount(minor, code) : `${minor} (minor units) ${code}`;
}

/** An ISO date or timestamp reads as "March 12, 2026"; anything else is shown as given. */
export function formatDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(d);
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || "there";

interface Built {
  subject: string;
  preheader: string;
  reason: string;
  html: string;
  text: string[];
}

interface Ctx {
  base: string;
  url: (u: string) => string;
}

type Item = { title: string; variant?: string; quantity: number; priceMinor?: number; storeName?: string; imageUrl?: string };

function itemsTable(c: Ctx, items: Item[], currency?: string): string {
  const rows = items
    .map((it) => {
      const image = it.imageUrl
        ? `<td width="64" valign="top" style="padding:12px 12px 12px 0;"><img src="${esc(c.url(it.imageUrl))}" width="64" height="64" alt="" style="display:block;width:64px;height:64px;border-radius:6px;border:1px solid ${BRAND.border};object-fit:cover;"></td>`
        : "";
      const sub = [it.variant, it.storeName ? `by ${it.storeName}` : undefined]
        .filter(Boolean)
        .map((s) => esc(s))
        .join(" · ");
      const price =
        currency && it.priceMinor !== undefined
          ? `<td valign="top" align="right" style="padding:12px 0;font-family:${BRAND.font};font-size:15px;line-height:22px;color:${BRAND.text};white-space:nowrap;">${esc(formatMoney(it.priceMinor * it.quantity, currency))}${it.quantity > 1 ? `<br><span style="font-size:13px;color:${BRAND.muted};">${esc(formatMoney(it.priceMinor, currency))} each</span>` : ""}</td>`
          : "";
      return `<tr>${image}<td valign="top" style="padding:12px 12px 12px 0;font-family:${BRAND.font};font-size:15px;line-height:22px;color:${BRAND.text};">
<strong>${esc(it.title)}</strong>${sub ? `<br><span style="font-size:13px;color:${BRAND.muted};">${sub}</span>` : ""}</td>
<td valign="top" align="center" style="padding:12px 12px;font-family:${BRAND.font};font-size:15px;line-height:22px;color:${BRAND.text};white-space:nowrap;">× ${esc(it.quantity)}</td>${price}</tr>`;
    })
    .join(`\n<tr><td colspan="4" style="border-top:1px solid ${BRAND.border};font-size:0;line-height:0;">&nbsp;</td></tr>\n`);
  return `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="margin:0 0 8px;border-top:1px solid ${BRAND.border};border-bottom:1px solid ${BRAND.border};">
${rows}
</table>`;
}

function itemsText(items: Item[], currency?: string): string[] {
  return items.map((it) => {
    const detail = [it.variant, it.storeName ? `by ${it.storeName}` : undefined].filter(Boolean).join(", ");
    const price = currency && it.priceMinor !== undefined ? `  ${formatMoney(it.priceMinor * it.quantity, currency)}` : "";
    return `- ${it.quantity} × ${it.title}${detail ? ` (${detail})` : ""}${price}`;
  });
}

function totalsTable(rows: Array<[string, string, boolean?]>): string {
  const trs = rows
    .map(([label, value, strong]) => {
      const weight = strong ? `font-weight:700;font-size:17px;border-top:1px solid ${BRAND.border};padding-top:12px;` : "";
      return `<tr><td style="padding:4px 0;font-family:${BRAND.font};font-size:15px;line-height:22px;color:${strong ? BRAND.text : BRAND.muted};${weight}">${esc(label)}</td>
<td align="right" style="padding:4px 0;font-family:${BRAND.font};font-size:15px;line-height:22px;color:${BRAND.text};white-space:nowrap;${weight}">${esc(value)}</td></tr>`;
    })
    .join("\n");
  return `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="margin:0 0 24px;">${trs}</table>`;
}

/** The address lines, led by the recipient's name unless the address already starts with it. */
function addressLines(name: string, address: string): string[] {
  const lines = address
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return lines[0]?.toLowerCase() === name.trim().toLowerCase() ? lines : [name.trim(), ...lines];
}

function addressHtml(name: string, address: string): string {
  const [first, ...rest] = addressLines(name, address);
  return [`<strong>${esc(first)}</strong>`, ...rest.map(esc)].join("<br>");
}

type Builder<T extends TemplateName> = (params: TemplateParams<T>, c: Ctx) => Built;

const ORDER_REASON = "you placed an order on Platen";
const ACCOUNT_REASON = "it is the e-mail address of a Platen account";

const builders: { [T in TemplateName]: Builder<T> } = {
  "order-success": (v, c) => {
    const orderUrl = c.url(v.orderUrl);
    const totals: Array<[string, string, boolean?]> = [["Subtotal", formatMoney(v.subtotalMinor, v.currency)]];
    if (v.discountMinor) totals.push(["Discount", `−${formatMoney(Math.abs(v.discountMinor), v.currency)}`]);
    totals.push(["Shipping", v.shippingMinor === 0 ? "Free" : formatMoney(v.shippingMinor, v.currency)]);
    totals.push(["Tax", formatMoney(v.taxMinor, v.currency)]);
    totals.push(["Total", formatMoney(v.totalMinor, v.currency), true]);
    const count = v.items.reduce((n, it) => n + it.quantity, 0);
    const details: Array<[string, string]> = [["Order number", esc(v.orderNumber)]];
    if (v.paymentMethod) details.push(["Paid with", esc(v.paymentMethod)]);
    if (v.estimatedDelivery) details.push(["Estimated delivery", esc(formatDate(v.estimatedDelivery))]);
    return {
      subject: `Your Platen order ${v.orderNumber} is confirmed`,
      preheader: `We received your order of ${count} ${count === 1 ? "item" : "items"}, ${formatMoney(v.totalMinor, v.currency)} in total. We'll e-mail you when it ships.`,
      reason: ORDER_REASON,
      html: [
        h1(`Thank you for your order, ${firstName(v.customerName)}!`),
        p(
          "We've received your order and your payment. Every item is printed just for you by an independent print shop; we'll e-mail you with tracking details as soon as your package ships.",
        ),
        facts(details),
        button("View your order", orderUrl),
        h2("Order summary"),
        itemsTable(c, v.items, v.currency),
        totalsTable(totals),
        h2("Shipping to"),
        panel(addressHtml(v.customerName, v.shippingAddress)),
        muted(
          `Need to change something? Write to us from ${link("your order page", orderUrl)} as soon as possible: changes are easiest before production starts.`,
        ),
      ].join("\n"),
      text: [
        `Thank you for your order, ${firstName(v.customerName)}!`,
        "",
        "We've received your order and your payment. Every item is printed just for you by an independent print shop; we'll e-mail you with tracking details as soon as your package ships.",
        "",
        `Order number: ${v.orderNumber}`,
        ...(v.paymentMethod ? [`Paid with: ${v.paymentMethod}`] : []),
        ...(v.estimatedDelivery ? [`Estimated delivery: ${formatDate(v.estimatedDelivery)}`] : []),
        `View your order: ${orderUrl}`,
        "",
        "ORDER SUMMARY",
        ...itemsText(v.items, v.currency),
        "",
        ...totals.map(([label, value]) => `${label}: ${value}`),
        "",
        "SHIPPING TO",
        ...addressLines(v.customerName, v.shippingAddress),
      ],
    };
  },

  "order-shipment-created": (v, c) => {
    const trackingUrl = c.url(v.trackingUrl);
    const orderUrl = c.url(v.orderUrl);
    const lead = v.partial
      ? `Part of your order ${v.orderNumber} has shipped. The rest follows in a separate package, and we'll e-mail you again when it does.`
      : `Your order ${v.orderNumber} has shipped and is on its way to you.`;
    return {
      subject: v.partial ? `Part of your order ${v.orderNumber} has shipped` : `Your order ${v.orderNumber} is on its way`,
      preheader: `Shipped with ${v.carrier} ${v.service}. Estimated delivery: ${formatDate(v.estimatedDelivery)}. Tracking number ${v.trackingNumber}.`,
      reason: ORDER_REASON,
      html: [
        h1(`Good news, ${firstName(v.customerName)}: your package is on its way`),
        p(lead),
        facts([
          ["Carrier", esc(`${v.carrier} · ${v.service}`)],
          ["Tracking number", link(v.trackingNumber, trackingUrl)],
          ["Estimated delivery", esc(formatDate(v.estimatedDelivery))],
          ["Order number", esc(v.orderNumber)],
        ]),
        button("Track your package", trackingUrl),
        h2("In this package"),
        itemsTable(c, v.items),
        ...(v.shippingAddress ? [h2("Shipping to"), panel(addressHtml(v.customerName, v.shippingAddress))] : []),
        muted(
          `Tracking can take up to 24 hours to show the first scan. You can always follow your order on ${link("your order page", orderUrl)}.`,
        ),
      ].join("\n"),
      text: [
        `Good news, ${firstName(v.customerName)}: your package is on its way`,
        "",
        lead,
        "",
        `Carrier: ${v.carrier} · ${v.service}`,
        `Tracking number: ${v.trackingNumber}`,
        `Track your package: ${trackingUrl}`,
        `Estimated delivery: ${formatDate(v.estimatedDelivery)}`,
        `Order number: ${v.orderNumber}`,
        "",
        "IN THIS PACKAGE",
        ...itemsText(v.items),
        ...(v.shippingAddress ? ["", "SHIPPING TO", ...addressLines(v.customerName, v.shippingAddress)] : []),
        "",
        `Tracking can take up to 24 hours to show the first scan. Your order: ${orderUrl}`,
      ],
    };
  },

  "order-shipment-delivered": (v, c) => {
    const orderUrl = c.url(v.orderUrl);
    const caseUrl = c.url(v.caseUrl);
    const when = formatDate(v.deliveredAt);
    const shipping = [v.carrier, v.trackingNumber ? `tracking number ${v.trackingNumber}` : undefined].filter(Boolean).join(", ");
    // An order in several packages: this e-mail is about one of them, and says what is still coming.
    const what = v.parcel ? `one of your packages (${v.parcel.charAt(0).toLowerCase()}${v.parcel.slice(1)})` : "your package";
    const rest = v.stillComing
      ? ` ${v.stillComing === 1 ? "One more package is" : `${v.stillComing} more packages are`} on the way; we'll write when ${v.stillComing === 1 ? "it arrives" : "they arrive"}.`
      : "";
    const body = `Hi ${firstName(v.customerName)}, ${what} was delivered on ${when}${shipping ? ` (${shipping})` : ""}.${rest} We hope you love it, and so will the artist who designed it.`;
    const partial = Boolean(v.stillComing);
    return {
      subject: partial ? `A package of your order ${v.orderNumber} was delivered` : `Your order ${v.orderNumber} was delivered`,
      preheader: `Your package was delivered on ${when}.${partial ? " More is on the way." : " We hope you love it!"}`,
      reason: ORDER_REASON,
      html: [
        h1(partial ? `Delivered: a package of your order ${v.orderNumber}` : `Delivered: your order ${v.orderNumber}`),
        p(body),
        ...(v.items?.length ? [h2("Delivered items"), itemsTable(c, v.items)] : []),
        button("View your order", orderUrl),
        panel(
          `<strong>Something not right?</strong><br>If an item arrived damaged, something is missing or wrong, or the package never reached you, tell us and we'll make it right with a reprint or a refund.<br><br>${link("Report a problem with this order", caseUrl)}`,
          { accent: "#f9a825" },
        ),
      ].join("\n"),
      text: [
        partial ? `Delivered: a package of your order ${v.orderNumber}` : `Delivered: your order ${v.orderNumber}`,
        "",
        body,
        ...(v.items?.length ? ["", "DELIVERED ITEMS", ...itemsText(v.items)] : []),
        "",
        `View your order: ${orderUrl}`,
        "",
        "Something not right? If an item arrived damaged, something is missing or wrong, or the package never reached you, tell us and we'll make it right with a reprint or a refund.",
        `Report a problem: ${caseUrl}`,
      ],
    };
  },

  "verify-email": (v, c) => {
    const url = c.url(v.verifyUrl);
    const expiry = v.expiresInHours
      ? `The link expires in ${v.expiresInHours} ${v.expiresInHours === 1 ? "hour" : "hours"}.`
      : "The link expires soon and works once.";
    return {
      subject: "Confirm your e-mail address for Platen",
      preheader: "One click to confirm your e-mail address and finish setting up your Platen account.",
      reason: "someone created a Platen account with this address",
      html: [
        h1(`Welcome to Platen, ${firstName(v.name)}`),
        p("Please confirm that this is your e-mail address, so we can send you order updates and help you get back into your account."),
        button("Confirm e-mail address", url),
        muted(`${esc(expiry)} If the button does not work, copy this link into your browser:<br>${link(url, url)}`),
        muted("If you did not create a Platen account, you can ignore this e-mail: nothing happens without a click."),
      ].join("\n"),
      text: [
        `Welcome to Platen, ${firstName(v.name)}`,
        "",
        "Please confirm that this is your e-mail address, so we can send you order updates and help you get back into your account.",
        "",
        `Confirm your e-mail address: ${url}`,
        "",
        expiry,
        "If you did not create a Platen account, you can ignore this e-mail: nothing happens without a click.",
      ],
    };
  },

  "reset-password": (v, c) => {
    const url = c.url(v.resetUrl);
    const expiry = v.expiresInMinutes
      ? `The link expires in ${v.expiresInMinutes} minutes and works once.`
      : "The link expires soon and works once.";
    return {
      subject: "Reset your Platen password",
      preheader: "Someone asked to reset the password of your Platen account. If it was you, choose a new password here.",
      reason: ACCOUNT_REASON,
      html: [
        h1("Reset your password"),
        p(
          `Hi ${firstName(v.name)}, we received a request to reset the password of your Platen account. Choose a new password with the button below.`,
        ),
        button("Choose a new password", url),
        muted(`${esc(expiry)} If the button does not work, copy this link into your browser:<br>${link(url, url)}`),
        muted("If you did not ask for this, ignore this e-mail: your password stays the same."),
      ].join("\n"),
      text: [
        "Reset your password",
        "",
        `Hi ${firstName(v.name)}, we received a request to reset the password of your Platen account.`,
        "",
        `Choose a new password: ${url}`,
        "",
        expiry,
        "If you did not ask for this, ignore this e-mail: your password stays the same.",
      ],
    };
  },

  "email-changed": (v, c) => {
    const contact = `${c.base}/contact`;
    return {
      subject: "The e-mail address of your Platen account was changed",
      preheader: `From now on your Platen account uses ${v.newEmail}.`,
      reason: "it was the e-mail address of a Platen account until now",
      html: [
        h1("Your e-mail address was changed"),
        pHtml(
          `Hi ${esc(firstName(v.name))}, the e-mail address of your Platen account was changed to <strong>${esc(v.newEmail)}</strong>. Sign-in, order updates and receipts now go to that address.`,
        ),
        p("If you made this change, there is nothing else to do."),
        panel(
          `<strong>Didn't change it?</strong><br>Someone else may have access to your account. Contact us right away and we'll secure it.`,
          { accent: "#c62828" },
        ),
        button("Contact the Platen team", contact),
      ].join("\n"),
      text: [
        "Your e-mail address was changed",
        "",
        `Hi ${firstName(v.name)}, the e-mail address of your Platen account was changed to ${v.newEmail}. Sign-in, order updates and receipts now go to that address.`,
        "",
        "If you made this change, there is nothing else to do.",
        "",
        `Didn't change it? Someone else may have access to your account. Contact us right away: ${contact}`,
      ],
    };
  },

  "password-changed": (v, c) => {
    const forgot = `${c.base}/login/forgot`;
    return {
      subject: "Your Platen password was changed",
      preheader: "The password of your Platen account was just changed.",
      reason: ACCOUNT_REASON,
      html: [
        h1("Your password was changed"),
        p(`Hi ${firstName(v.name)}, the password of your Platen account was just changed. If you did this, there is nothing else to do.`),
        panel(
          `<strong>Didn't change it?</strong><br>Reset your password now to lock anyone else out, then contact us so we can check your account.`,
          { accent: "#c62828" },
        ),
        button("Reset your password", forgot),
      ].join("\n"),
      text: [
        "Your password was changed",
        "",
        `Hi ${firstName(v.name)}, the password of your Platen account was just changed. If you did this, there is nothing else to do.`,
        "",
        `Didn't change it? Reset your password now: ${forgot}`,
        `Then contact us so we can check your account: ${c.base}/contact`,
      ],
    };
  },

  "contact-received": (v) => ({
    subject: `We received your message: ${v.topic}`,
    preheader: "Thanks for writing to Platen. A member of our team will reply by e-mail.",
    reason: "you sent a message to the Platen team",
    html: [
      h1(`Thanks for your message, ${firstName(v.name)}`),
      pHtml(
        `We received your message about <strong>${esc(v.topic)}</strong>. A member of our team reads every message and will answer you at this e-mail address.`,
      ),
      ...(v.reference ? [facts([["Reference", esc(v.reference)]])] : []),
      h2("Your message"),
      panel(escLines(v.message), { accent: BRAND.border }),
      muted("You don't need to send it again: your message is safely with us."),
    ].join("\n"),
    text: [
      `Thanks for your message, ${firstName(v.name)}`,
      "",
      `We received your message about "${v.topic}". A member of our team reads every message and will answer you at this e-mail address.`,
      ...(v.reference ? [`Reference: ${v.reference}`] : []),
      "",
      "YOUR MESSAGE",
      ...v.message.split(/\r?\n/).map((l) => `> ${l}`),
      "",
      "You don't need to send it again: your message is safely with us.",
    ],
  }),

  "contact-reply": (v) => ({
    subject: v.topic ? `Re: ${v.topic}` : "Re: your message to Platen",
    preheader: v.body.replace(/\s+/g, " ").slice(0, 120),
    reason: "you sent a message to the Platen team",
    html: [
      p(`Hi ${firstName(v.name)},`),
      pHtml(escLines(v.body)),
      p("The Platen team"),
      h2("Your original message"),
      panel(escLines(v.originalMessage), { accent: BRAND.border }),
    ].join("\n"),
    text: [
      `Hi ${firstName(v.name)},`,
      "",
      v.body,
      "",
      "The Platen team",
      "",
      "YOUR ORIGINAL MESSAGE",
      ...v.originalMessage.split(/\r?\n/).map((l) => `> ${l}`),
    ],
  }),

  notice: (v, c) => ({
    subject: v.subject,
    preheader: v.paragraphs[0]!.replace(/\s+/g, " ").slice(0, 120),
    reason: v.reason,
    html: [
      h1(v.heading),
      p(`Hi ${firstName(v.name)},`),
      ...v.paragraphs.map((para) => pHtml(escLines(para))),
      ...(v.actionUrl && v.actionLabel ? [button(v.actionLabel, c.url(v.actionUrl))] : []),
      ...(v.unsubscribeUrl ? [muted(`Don't want these e-mails? <a href="${esc(c.url(v.unsubscribeUrl))}">Unsubscribe</a>.`)] : []),
    ].join("\n"),
    text: [
      v.heading,
      "",
      `Hi ${firstName(v.name)},`,
      "",
      ...v.paragraphs.flatMap((para) => [para, ""]),
      ...(v.actionUrl && v.actionLabel ? [`${v.actionLabel}: ${c.url(v.actionUrl)}`, ""] : []),
      ...(v.unsubscribeUrl ? [`Unsubscribe: ${c.url(v.unsubscribeUrl)}`] : []),
    ],
  }),

  "job-application-received": (v, c) => {
    const jobs = `${c.base}/jobs`;
    return {
      subject: `We received your application: ${v.jobTitle}`,
      preheader: `Thank you for applying for ${v.jobTitle} at Platen.`,
      reason: "you applied for a job at Platen",
      html: [
        h1(`Thank you for applying, ${firstName(v.name)}`),
        pHtml(
          `We received your application for <strong>${esc(v.jobTitle)}</strong>. Our team reads every application and will get back to you by e-mail about the next steps.`,
        ),
        p("In the meantime, you are welcome to look at our other open positions."),
        button("See open positions", jobs),
      ].join("\n"),
      text: [
        `Thank you for applying, ${firstName(v.name)}`,
        "",
        `We received your application for "${v.jobTitle}". Our team reads every application and will get back to you by e-mail about the next steps.`,
        "",
        `Other open positions: ${jobs}`,
      ],
    };
  },

  "test-email": (v, c) => ({
    subject: "Platen test e-mail",
    preheader: "If you can read this, e-mail delivery from Platen works.",
    reason: "a Platen administrator sent a test message to this address",
    html: [
      h1("E-mail delivery works"),
      pHtml(
        `This is a test message sent by <strong>${esc(v.sentBy)}</strong> from the Platen administration${v.provider ? ` through the <strong>${esc(v.provider)}</strong> provider` : ""}. If you can read it, e-mail delivery is set up correctly.`,
      ),
      button("Open Platen", c.base),
    ].join("\n"),
    text: [
      "E-mail delivery works",
      "",
      `This is a test message sent by ${v.sentBy} from the Platen administration${v.provider ? ` through the ${v.provider} provider` : ""}. If you can read it, e-mail delivery is set up correctly.`,
      "",
      `Open Platen: ${c.base}`,
    ],
  }),
};

/**
 * Render a template: validates the params (throws a ZodError naming the missing ones), escapes
 * every value and returns the subject, the HTML and the plain-text part.
 */
export function renderTemplate<T extends TemplateName>(
  template: T,
  params: TemplateParams<T> | Record<string, unknown>,
  publicUrl = env().PUBLIC_URL,
): RenderedEmail {
  const schema = TEMPLATE_PARAMS[template];
  if (!schema) throw new Error(`Unknown e-mail template: ${String(template)}`);
  const values = schema.parse(params) as TemplateParams<T>;
  const base = publicUrl.replace(/\/+$/, "");
  const c: Ctx = { base, url: (u) => safeUrl(u, base) };
  const built = (builders[template] as Builder<T>)(values, c);
  const subject = built.subject.replace(/\s+/g, " ").trim();
  return {
    subject,
    html: layout({ subject, preheader: built.preheader, bodyHtml: built.html, reason: built.reason, publicUrl: base }),
    text: textLayout(built.text, built.reason, base),
  };
}
