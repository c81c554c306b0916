/*
 * The opening hours of each demo meadow (./demo-meadows.ts), by its id, in OpenStreetMap's
 * syntax: what its free-text hours say, to the month (the text keeps "half May" and the like).
 * Some close on public holidays, some take visitors by appointment outside their hours, one
 * season runs over the new year, so a newcomer sees every kind of status.
 */
const DEMO_HOURS: Readonly<Record<string, string>> = {
  "demo-001": "Apr-May Mo-Su 09:00-18:00",
  "demo-002": "Jul-Nov We-Su 10:00-17:00",
  "demo-003": "Apr-May Mo-Su 09:00-19:00",
  "demo-004": "Mar-May Mo-Su 10:00-17:00; PH off",
  "demo-005": "Apr-May Mo-Su 08:00-20:00",
  "demo-006": 'Apr-May Mo-Sa 09:00-17:30; PH off || "by appointment"',
  "demo-007": "Jul-Oct Mo-Su 10:00-18:00",
  "demo-008": "Jul-Sep Mo-Su 09:00-18:00",
  "demo-009": "Jul-Oct Tu-Sa 10:00-17:00; PH off",
  "demo-010": 'May-Jul Mo-Su 09:00-17:00 || "by appointment"',
  "demo-011": "Jun-Jul Mo-Su 09:00-18:00",
  "demo-012": "Sep-Oct Sa,Su 10:00-16:00",
  "demo-013": "Aug-Oct Mo-Su 10:00-17:00",
  "demo-014": "May-Jun Mo-Su 09:00-17:00",
  "demo-015": "Jul-Aug Mo-Su 08:30-18:00",
  "demo-016": "Jul-Aug Fr-Su 10:00-17:00",
  "demo-017": "Jun-Aug Mo-Su 10:00-18:00",
  "demo-018": "Jun-Sep We-Su 11:00-17:00; PH off",
  "demo-019": "Jul-Aug Mo-Su 09:00-17:00",
  "demo-020": "Jul-Sep Mo-Su 08:00-21:00",
  "demo-021": "Sep-Oct Sa 10:00-16:00",
  "demo-022": "Aug-Oct Th-Sa 13:00-18:00",
  "demo-023": "Jul-Aug Mo-Su 10:00-17:00",
  "demo-024": "Sep-Nov Fr,Sa 10:00-17:00",
  "demo-025": "Sep-Oct Mo-Su 09:00-18:00",
  "demo-026": "Jul-Oct Mo-Su 10:00-18:00",
  "demo-027": "Jun-Aug Mo-Sa 09:00-12:00,13:00-17:00; PH off",
  "demo-028": "May-Jul Mo-Su 09:00-18:00",
  "demo-029": "Jul-Aug Mo-Su 08:00-13:00",
  "demo-030": "Jun-Jul We-Su 10:00-18:00",
  "demo-031": "Aug-Oct Mo-Su 10:00-17:00",
  "demo-032": "Jun-Aug Sa,Su 10:00-18:00",
  "demo-033": "Aug-Oct Mo-Su 09:00-19:00",
  "demo-034": "Jul-Sep Mo-Su 10:00-18:00; PH off",
  "demo-035": 'Sep-Nov Mo-Su 10:00-18:00; Dec-Jan Sa,Su 11:00-15:00 || "by appointment"',
  "demo-036": "Jul-Sep We-Su 10:00-18:00",
  "demo-037": "Sep-Oct Mo-Su 10:00-17:00",
  "demo-038": "Jul-Sep Mo-Su 09:00-19:00",
  "demo-039": "Apr-Sep Mo-Su 10:00-18:00; PH off",
  "demo-040": "Sep-Nov Sa,Su 10:00-17:00",
  "demo-041": "May-Sep Mo-Sa 09:00-18:00; PH off",
  "demo-042": "Jun-Oct We-Su 10:00-18:00",
  "demo-043": "Nov-Feb Fr,Sa 10:00-16:00",
};

/** The demo meadow's hours in OpenStreetMap's syntax; null for an id without any. */
export function demoHours(id: string): string | null {
  return DEMO_HOURS[id] ?? null;
}
