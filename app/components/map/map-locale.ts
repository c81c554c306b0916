import type { TFunction } from "i18next";

/**
 * MapLibre's own words (control titles, the canvas's label) in the page's language: its `locale`
 * option, keyed by MapLibre's names for them.
 */
export function mapLocale(t: TFunction): Record<string, string> {
  return {
    "AttributionControl.ToggleAttribution": t("mapView.controls.toggleAttribution"),
    "AttributionControl.MapFeedback": t("mapView.controls.mapFeedback"),
    "Map.Title": t("mapView.controls.map"),
    "Marker.Title": t("mapView.controls.marker"),
    "NavigationControl.ResetBearing": t("mapView.controls.resetBearing"),
    "NavigationControl.ZoomIn": t("mapView.controls.zoomIn"),
    "NavigationControl.ZoomOut": t("mapView.controls.zoomOut"),
    "Popup.Close": t("mapView.controls.closePopup"),
  };
}
