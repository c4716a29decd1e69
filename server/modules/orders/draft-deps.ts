// DRAFT: the payments module's CardInput (see ADR 0012) until that module lands.
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}
