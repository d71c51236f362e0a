/** The demo platform's currencies and what everyday amounts and words in them look like. */
export const CURRENCIES = ["USD", "EUR", "MXN"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Everyday amounts in major units, low to high (drawn log-uniformly between them). */
export const AMOUNT_RANGES: Record<Currency, [number, number]> = {
  USD: [12, 2_400],
  EUR: [10, 2_100],
  MXN: [200, 42_000],
};

/** The platform's configured minimum per currency (minor units), below which a payment is refused. */
export const MINIMUM_AMOUNTS: Record<Currency, number> = { USD: 1_00, EUR: 1_00, MXN: 10_00 };

export const PAYMENT_DESCRIPTIONS = [
  "Rent share",
  "Dinner, split",
  "Freelance design work",
  "Family support",
  "Concert tickets",
  "Car repair",
  "Tuition contribution",
  "Birthday gift",
  "Consulting hours",
  "Groceries",
  "Flat deposit",
  "Invoice settlement",
  "Wholesale order",
  "Catering for the team offsite",
  "Coffee beans, monthly order",
] as const;

export const REJECTION_REASONS = [
  "The sender could not be verified.",
  "The purpose of the payment is unclear.",
  "The customer did not expect this payment.",
  "Above the customer's declared monthly volume.",
] as const;
