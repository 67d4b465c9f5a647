// Pushes an event to the tag-manager data layer (window.dataLayer) when one is present.
// Never throws: analytics must not break the page.

type DataLayerEvent = Record<string, unknown> & { event: string };

export function pushToDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  const layer = (window as Window & { dataLayer?: unknown }).dataLayer;
  if (!Array.isArray(layer)) return;
  try {
    layer.push(event);
  } catch (err) {
    console.warn('Could not push to the data layer:', err);
  }
}
