/** A message tree of the same keys as the Russian one, any string values. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
