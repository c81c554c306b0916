/**
 * The great-circle distance between two points on a sphere of `radius`, in the radius's unit, by
 * the haversine formula. The database's own measure (earthdistance's sphere) and the offline
 * geocoder's (the mean earth radius) each pass their radius.
 */
export function greatCircleDistance(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
  radius: number,
): number {
  const halfRadian = Math.PI / 360;
  const h =
    Math.sin((b.lat - a.lat) * halfRadian) ** 2 +
    Math.cos(a.lat * 2 * halfRadian) *
      Math.cos(b.lat * 2 * halfRadian) *
      Math.sin((b.lng - a.lng) * halfRadian) ** 2;
  // Rounding can take h a hair past 1 for points nearly opposite, where asin has no answer.
  return 2 * radius * Math.asin(Math.sqrt(Math.min(h, 1)));
}
