import { describe, expect, it } from "vitest";
import { PaymentProviderError } from "../../contracts/ports.ts";
import { cardBrand, cardDigits, checkTestCard, luhnValid } from "./index.ts";

const now = new Date("2026-11-23T12:00:00Z");
const card = (number: string, over: { expMonth?: number; expYear?: number; cvc?: string } = {}) => ({
  number,
  expMonth: over.expMonth ?? 12,
  expYear: over.expYear ?? 2030,
  cvc: over.cvc ?? "123",
});

function refusedWith(number: string, over: Parameters<typeof card>[1] = {}): PaymentProviderError {
  try {
    checkTestCard(card(number, over), now);
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentProviderError);
    return error as PaymentProviderError;
  }
  throw new Error("the card was accepted");
}

describe("card checks", () => {
  it("Luhn, brand and the digits of a typed number", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("abcd")).toBe(false);
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(cardBrand("6011111111111117")).toBe("discover");
  });

  it.each([
    ["4242 4242 4242 4242", "succeed"],
    ["4000 0000 0000 0002", "decline"],
    ["4000 0000 0000 9995", "decline"],
    ["4000 0025 0000 3155", "authenticate"],
  ])("%s is a test number (%s)", (number, kind) => {
    const { outcome, brand, last4 } = checkTestCard(card(number), now);
    expect(outcome.kind).toBe(kind);
    expect(brand).toBe("visa");
    expect(last4).toBe(cardDigits(number).slice(-4));
  });

  it("declines carry Stripe's codes and messages", () => {
    expect(checkTestCard(card("4000000000000002"), now).outcome).toEqual({
      kind: "decline",
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(checkTestCard(card("4000000000009995"), now).outcome).toEqual({
      kind: "decline",
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
  });

  it("refuses numbers failing Luhn, other real numbers, past expiry and bad security codes", () => {
    expect(refusedWith("4242 4242 4242 4241")).toMatchObject({ message: "Your card number is invalid.", field: "cardNumber" });
    expect(refusedWith("4111 1111 1111 1111")).toMatchObject({
      message: "This test processor accepts only test card numbers.",
      field: "cardNumber",
    });
    expect(refusedWith("4242424242424242", { expMonth: 10, expYear: 2026 })).toMatchObject({
      message: "Your card's expiration date is in the past.",
      field: "expiry",
    });
    expect(() => checkTestCard(card("4242424242424242", { expMonth: 11, expYear: 26 }), now)).not.toThrow(); // this month still valid
    expect(refusedWith("4242424242424242", { cvc: "12" })).toMatchObject({
      message: "Your card's security code is invalid.",
      field: "cvc",
    });
    expect(refusedWith("4242424242424242", { cvc: "1234" })).toMatchObject({ field: "cvc" });
    expect(refusedWith("378282246310005", { cvc: "123" })).toMatchObject({ field: "cvc" }); // Amex: four digits
    expect(checkTestCard(card("378282246310005", { cvc: "1234" }), now).brand).toBe("amex");
  });
});
