/*
 * The amount in a free-text price, so lists can sort meadows by price. Members write prices the
 * way the sign by the road does ('€0.50 per stem', '€ 0,50 per steel', '12,- per bos', 'Gratis'),
 * so the number is read with these rules, in this order:
 *
 * 1. The first amount marked as money counts: a currency before it ('€', 'EUR', 'euro', '£',
 *    'GBP', 'CHF', 'DKK', 'kr', '$') or after it ('€', 'EUR', 'euro(s)', '£', 'CHF', 'DKK', 'kr',
 *    ',-' as in '12,-'). Amounts in cents ('50 cent', '50 ct') are divided by 100. Later amounts
 *    are ignored ('€5–€10' is 5; '€2 per bos, 3 voor €5' is 2), and so is what it is per ('per
 *    stem', '/bloem', 'per bos'): a price per stem and per bunch compare as written.
 * 2. A deal of several for one price reads as the price of one: '3 stelen voor €1' and '3 for £1'
 *    are 0.33 (a count, up to two words, then 'voor', 'for', 'für' or 'pour', then the amount).
 * 3. With no marked amount, a price that says it is free ('free', 'gratis', 'kostenlos',
 *    'gratuit') is 0.
 * 4. Otherwise the first plain number counts ('2 per stem' is 2).
 * 5. Nothing of the above, or an amount of 100 million or more: null ('price on request'), which
 *    sorts after every amount.
 *
 * Both '.' and ',' are decimal separators when one or two digits follow ('0.5', '0,50');
 * thousands separators are not expected in picking prices. Currencies are not converted. The
 * result is rounded to cents, like the database column.
 */

const NUMBER = String.raw`(\d{1,9}(?:[.,]\d{1,2}(?!\d))?)`;
const PREFIX = String.raw`(€|\$|£|\b(?:eur|euro|gbp|chf|dkk|kr)\b\.?)`;
const SUFFIX = String.raw`(,-|\.-|€|£|(?:eur|euros?|chf|dkk|kr|cents?|ct)\b)`;

/** An amount with a currency before or after it; `prefix`/`suffix` say which matched. */
const MARKED = new RegExp(String.raw`${PREFIX}\s*${NUMBER}|(?<![\d.,])${NUMBER}\s*${SUFFIX}`, "iu");
const DEAL = /(?:^|[^\d.,])(\d{1,4})(?:\s+[\p{L}'’-]+){0,2}\s+(?:voor|for|für|pour)\s*$/iu;
const FREE = /\b(?:free|gratis|kostenlos|gratuit|gratuite)\b/iu;
const PLAIN = /(?<![\d.,])(\d{1,9}(?:[.,]\d{1,2}(?!\d))?)/u;
const LIMIT = 100_000_000;

function toNumber(digits: string): number {
  return Number(digits.replace(",", "."));
}

function roundToCents(value: number): number | null {
  if (!Number.isFinite(value) || value < 0 || value >= LIMIT) return null;
  return Math.round(value * 100) / 100;
}

export function parsePriceAmount(text: string): number | null {
  const normalized = text.replace(/\s+/gu, " ").trim();
  const marked = MARKED.exec(normalized);
  if (marked) {
    const digits = marked[2] ?? marked[3] ?? "";
    const unit = (marked[4] ?? "").toLowerCase();
    let amount = toNumber(digits);
    if (unit.startsWith("cent") || unit === "ct") amount /= 100;
    const count = Number(DEAL.exec(normalized.slice(0, marked.index))?.[1] ?? 1);
    return roundToCents(count > 0 ? amount / count : amount);
  }
  if (FREE.test(normalized)) return 0;
  const plain = PLAIN.exec(normalized);
  return plain ? roundToCents(toNumber(plain[1] ?? "")) : null;
}
