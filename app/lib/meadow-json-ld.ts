/**
 * schema.org: a place people visit, with its address and position, for rich link previews. The
 * meadow page puts it in a `script:ld+json` meta tag.
 */
export function meadowJsonLd(
  meadow: {
    name: string;
    street: string;
    houseNumber: string;
    postalCode: string;
    city: string;
    /** The ISO code, as schema.org's addressCountry takes it. */
    country: string;
    lat: number;
    lng: number;
    website: string | null;
    phone: string | null;
  },
  { description, url, image }: { description: string; url: string; image: string | undefined },
) {
  return {
    "@context": "https://schema.org",
    "@type": "TouristAttraction",
    name: meadow.name,
    description,
    url,
    address: {
      "@type": "PostalAddress",
      streetAddress: `${meadow.street} ${meadow.houseNumber}`,
      postalCode: meadow.postalCode,
      addressLocality: meadow.city,
      addressCountry: meadow.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: meadow.lat, longitude: meadow.lng },
    ...(image ? { image } : {}),
    ...(meadow.website ? { sameAs: meadow.website } : {}),
    ...(meadow.phone ? { telephone: meadow.phone } : {}),
  };
}
