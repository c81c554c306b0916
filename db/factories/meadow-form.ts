/**
 * What a member types into the meadow form: the tests fill it in, and the demo meadows
 * (db/seed/demo-meadows.ts) are written in it.
 */
export interface MeadowValues {
  name: string;
  description: string;
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
 * a line break in the description, a website without scheme, an Instagram handle with @.
 */
export const UTRECHT_MEADOW: MeadowValues = {
  name: "Bloemenpluktuin De Wei",
  description: "Zinnia's en dahlia's.\nNeem een schaar mee.",
  priceText: "€0.50 per stem",
  openingHours: "Daily 9:00–18:00",
  street: "Oudegracht",
  houseNumber: "12",
  postalCode: "3511 AB",
  city: "Utrecht",
  country: "NL",
  website: "dewei.example.nl",
  phone: "+31 30 123 4567",
  instagram: "@DeWei.Pluk",
};
