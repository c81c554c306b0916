import { describe, expect, it } from "vitest";
import { parsePriceAmount } from "./price";

/*
 * The rules (see the top of price.ts): the first amount marked as money; "N … voor/for €X" is the
 * price of one; free/gratis without an amount is 0; else the first plain number; else null.
 */
describe("parsePriceAmount", () => {
  it.each<[string, number | null]>([
    // A currency before or after the amount; '.' or ',' as decimal separator.
    ["€0.50 per stem", 0.5],
    ["€ 0,50 per steel", 0.5],
    ["€0,5", 0.5],
    ["0.5 euro", 0.5],
    ["0,50 EUR per stuk", 0.5],
    ["EUR 12,50", 12.5],
    ["Eur. 3", 3],
    ["€1/bloem", 1],
    ["1,20 € la tige", 1.2],
    ["2 euros la botte", 2],
    ["£2.50 a bunch", 2.5],
    ["CHF 3.- pro Stiel", 3],
    ["DKK 15 pr. buket", 15],
    ["12,- per bos", 12],
    ["Bos: 12,-", 12],
    ["50 cent per steel", 0.5],
    ["75ct", 0.75],
    // What it is per is ignored; the first amount counts.
    ["€4,50 per kilo", 4.5],
    ["vanaf €5", 5],
    ["€5–€10 per bos", 5],
    ["€2 per bos, 3 voor €5", 2],
    ["Kleine bos € 7,50, grote bos € 12,50", 7.5],
    // A deal of several for one price is the price of one, rounded to cents.
    ["3 stelen voor €1", 0.33],
    ["3 for £1", 0.33],
    ["10 Stiele für 5 €", 0.5],
    ["2 bossen voor 15 euro", 7.5],
    ["4 tiges pour 2 €", 0.5],
    // Free, unless an amount is given too.
    ["Free", 0],
    ["Gratis", 0],
    ["gratis entree", 0],
    ["Kostenlos", 0],
    ["Free for children under 12", 0],
    ["Gratis entree, €0,50 per steel", 0.5],
    // No currency: the first number.
    ["2 per stem", 2],
    ["0,75 per stuk", 0.75],
    // Nothing to read.
    ["Prijs op aanvraag", null],
    ["Price on request", null],
    ["Vrije gift", null],
    ["", null],
    ["€", null],
    ["€ 999999999", null],
  ])("%j is %j", (text, amount) => {
    expect(parsePriceAmount(text)).toBe(amount);
  });
});
