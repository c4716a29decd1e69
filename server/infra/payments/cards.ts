// Card checks shared by the test processor and the card form: Luhn, brand, last four. Nothing
// here keeps or logs a number; callers store only the brand and the last four digits.

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

/** The digits of a typed card number (spaces and dashes allowed). */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, "");

/** Whether the digits pass the Luhn checksum (and look like a card number at all). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return "discover";
  return "unknown";
}

export const cardLast4 = (digits: string): string => digits.slice(-4);
