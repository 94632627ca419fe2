/** Geometry shapes the map components take (the same as the upstream schemas', declared here for the browser). */
export interface LatLng {
  lat: number;
  lng: number;
}
export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}
export interface Polygon {
  type: "Polygon";
  coordinates: number[][][];
}
