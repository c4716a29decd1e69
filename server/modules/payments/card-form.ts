// The test processor's card form: cardNumber (spaces allowed), expiry "MM / YY", cvc and name,
// checked field by field so that each message shows next to its field.
import { z } from "zod";
import { cardBrand, cardDigits, luhnValid } from "../../infra/payments/index.ts";
import type { CardInput } from "./types.ts";

const EXPIRY = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

export const cardInputSchema: z.ZodType<CardInput, { cardNumber?: unknown; expiry?: unknown; cvc?: unknown; name?: unknown }> = z
  .object({
    cardNumber: z.string({ error: "Enter your card number." }).trim().min(1, "Enter your card number."),
    expiry: z.string({ error: "Enter the expiry date as MM / YY." }).trim().min(1, "Enter the expiry date as MM / YY."),
    cvc: z.string({ error: "Enter the security code." }).trim().min(1, "Enter the security code."),
    name: z.string().trim().max(200, "The name on the card is too long.").optional(),
  })
  .superRefine((v, ctx) => {
    const digits = cardDigits(v.cardNumber);
    if (!/^[\d\s-]+$/.test(v.cardNumber) || !luhnValid(digits))
      ctx.addIssue({ code: "custom", path: ["cardNumber"], message: "Your card number is invalid." });
    const m = EXPIRY.exec(v.expiry);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12)
      ctx.addIssue({ code: "custom", path: ["expiry"], message: "Enter the expiry date as MM / YY." });
    const cvcLength = cardBrand(digits) === "amex" ? 4 : 3;
    if (!/^\d{3,4}$/.test(v.cvc) || (luhnValid(digits) && v.cvc.length !== cvcLength))
      ctx.addIssue({ code: "custom", path: ["cvc"], message: "Your card's security code is invalid." });
  })
  .transform((v): CardInput => {
    const m = EXPIRY.exec(v.expiry)!;
    const year = Number(m[2]);
    return {
      number: cardDigits(v.cardNumber),
      expMonth: Number(m[1]),
      expYear: year < 100 ? 2000 + year : year,
      cvc: v.cvc,
      ...(v.name ? { name: v.name } : {}),
    };
  });
