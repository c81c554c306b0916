/**
 * What a member types into the meadow form: the tests fill it in, and the demo meadows
 * (db/seed/demo-meadows.ts) are written in it.
 */
export interface MeadowValues {
  name: string;
  description: string;
  descriptionNl: string;
  priceText: string;
  openingHours: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  website: string;
  phone: string;
  instagram: string;
}

/**
 * A meadow in Utrecht that passes every rule, for the browser and the server tests of the form:
 * described in both languages with a line break, a website without scheme, an Instagram handle
 * with @, price and hours as a Dutch meadow writes them.
 */
export const UTRECHT_MEADOW: MeadowValues = {
  name: "Bloemenpluktuin De Wei",
  description: "Zinnias and dahlias.\nBring scissors.",
  descriptionNl: "Zinnia's en dahlia's.\nNeem een schaar mee.",
  priceText: "€ 0,50 per steel",
  openingHours: "dagelijks 9.00–18.00 uur",
  street: "Oudegracht",
  houseNumber: "12",
  postalCode: "3511 AB",
  city: "Utrecht",
  country: "NL",
  website: "dewei.example.nl",
  phone: "+31 30 123 4567",
  instagram: "@DeWei.Pluk",
};
