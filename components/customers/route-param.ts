/**
 * A dynamic segment as the API's id. Ids hold a colon (`Customer:…`), which links percent-encode; whether the
 * router hands the segment over decoded depends on how it was reached, so decode once, tolerating a stray `%`.
 */
export function decodeRouteParam(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
